// Program binaries (GL 4.6 7.5, ARB_get_program_binary): glGetProgramBinary and glProgramBinary
// in glvk's one format (kProgramBinaryFormat): src/glsl's saved program (SPIR-V and reflection,
// with its build and checksum header) after two words of GL state: the transform feedback mode
// and the link's flags (PROGRAM_SEPARABLE, PROGRAM_BINARY_RETRIEVABLE_HINT).
#include <cstring>

#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "legacy_internal.h"
#include "program_lookup.h"

namespace glvk::gl {

namespace {

constexpr std::size_t kGlStateBytes = 8;
constexpr std::uint32_t kSeparable = 1, kHint = 2;

std::vector<std::byte> program_binary(const ProgramObject& p) {
  const glsl::Program* r = p.reflection();
  if (!r) return {};
  std::vector<std::byte> glsl_bytes = glsl::save_program(*r);
  std::vector<std::byte> out(kGlStateBytes);
  const std::uint32_t words[2] = {p.linked_xfb_buffer_mode,
                                  (p.linked_separable ? kSeparable : 0u) | (p.linked_binary_retrievable_hint ? kHint : 0u)};
  std::memcpy(out.data(), words, kGlStateBytes);
  out.insert(out.end(), glsl_bytes.begin(), glsl_bytes.end());
  return out;
}

}  // namespace

std::size_t program_binary_length(const ProgramObject& program) { return program_binary(program).size(); }

namespace api {

void GetProgramBinary(Context& ctx, const char* fn, GLuint program, GLsizei buf_size, GLsizei* length,
                      GLenum* binary_format, void* binary) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  if (!p->linked) return ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is not linked", fn, program);
  const std::vector<std::byte> bytes = program_binary(*p);
  if (bytes.size() > std::size_t(buf_size)) {
    if (length) *length = 0;
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the binary takes %zu bytes", fn, buf_size, bytes.size());
  }
  if (binary && !bytes.empty()) std::memcpy(binary, bytes.data(), bytes.size());
  if (length) *length = GLsizei(bytes.size());
  if (binary_format) *binary_format = kProgramBinaryFormat;
}

void ProgramBinary(Context& ctx, const char* fn, GLuint program, GLenum binary_format, const void* binary,
                   GLsizei length) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (binary_format != kProgramBinaryFormat)
    return ctx.error(GL_INVALID_ENUM, "%s(binaryFormat = 0x%x): not a program binary format", fn, binary_format);
  if (length < 0) return ctx.error(GL_INVALID_VALUE, "%s(length = %d): negative", fn, length);
  if (transform_feedback_uses(ctx, *p))
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is in use by an active transform feedback", fn, program);
  // A binary that cannot be loaded is no error: LINK_STATUS becomes FALSE with the reason in the
  // log (7.5); an executable in use stays, as after a failed link.
  p->link_attempted = true;
  p->validated = false;
  p->linked = false;
  const auto* bytes = static_cast<const std::byte*>(binary);
  std::uint32_t words[2] = {0, 0};
  if (!binary || std::size_t(length) < kGlStateBytes) {
    p->info_log = "error: the program binary cannot be loaded: shorter than its header\n";
    return;
  }
  std::memcpy(words, bytes, kGlStateBytes);
  const std::uint32_t mode = words[0], flags = words[1];
  if ((mode != GL_INTERLEAVED_ATTRIBS && mode != GL_SEPARATE_ATTRIBS) || (flags & ~(kSeparable | kHint))) {
    p->info_log = "error: the program binary cannot be loaded: not a glvk program binary\n";
    return;
  }
  glsl::Program loaded = glsl::load_program({bytes + kGlStateBytes, std::size_t(length) - kGlStateBytes});
  if (!loaded.ok) {
    p->info_log = loaded.log;
    return;
  }
  std::shared_ptr<st::Program> executable = st::program_from_reflection(ctx.st().shared_screen(), std::move(loaded));
  p->info_log = executable->reflection().log;
  if (!executable->linked()) return;
  p->linked = true;
  p->linked_xfb_buffer_mode = GLenum(mode);
  // The binary keeps the link's PROGRAM_SEPARABLE (a separable program restored from its binary
  // joins pipelines again) and retrievable hint.
  p->separable = p->linked_separable = (flags & kSeparable) || p->separable;
  p->linked_binary_retrievable_hint = (flags & kHint) || p->binary_retrievable_hint;
  p->executable = std::move(executable);
  reset_uniforms(*p, p->executable->reflection());
  // Compatibility single-stage programs need their sources for the fixed-function partner; a
  // loaded binary has none (the program then draws as a core program does).
  p->fixed_stages = nullptr;
}

}  // namespace api
}  // namespace glvk::gl
