// st_launch_grid: one glDispatchCompute to one recorded vkCmdDispatch, and glMemoryBarrier's end of
// the rendering pass.
#include <mutex>

#include "draw_resources.h"
#include "glvk/st/context.h"
#include "glvk/st/draw.h"
#include "glvk/st/program.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"
#include "program_descriptors.h"
#include "program_impl.h"
#include "screen_impl.h"

namespace glvk::st {

void dispatch(Context& context, const DispatchCall& call) {
  if (!call.indirect_buffer && (call.groups[0] == 0 || call.groups[1] == 0 || call.groups[2] == 0)) return;
  const Program& program = *call.program;
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  DrawResources& res = draw_resources(s);
  vk_backend::CommandStream& stream = *s.stream;
  Program::Impl& prog = program.impl();
  if (!prog.compute_module) throw DrawError("the program has no compute shader");
  // One pipeline per program: a compute pipeline has no state beyond its module and layout.
  if (!prog.compute_pipeline) prog.compute_pipeline = res.pipelines.create_compute(prog.layout, prog.compute_module);
  prog.last_use = stream.open_serial();

  ProgramDescriptors descriptors;
  write_program_descriptors(res, stream, program.reflection(), call, descriptors);
  vk_backend::DispatchRecord record;
  record.pipeline = prog.compute_pipeline;
  record.layout = prog.layout;
  record.set_layout = prog.set_layout.get();
  record.descriptors = descriptors.writes;
  record.groups = call.groups;
  if (call.indirect_buffer) {
    vk_backend::Buffer& storage = *call.indirect_buffer->storage;
    storage.last_use = stream.open_serial();
    record.indirect_buffer = storage.handle();
    record.indirect_offset = call.indirect_offset;
  }
  stream.dispatch(record);
}

void memory_barrier(Context& context) {
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  s.stream->end_draw_pass();
}

}  // namespace glvk::st
