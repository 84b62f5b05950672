/* fault_probe: allocating GL calls (textures, buffers, renderbuffers with a clear and a readback,
 * draws sampling textures, stand-ins and a multisample texture, a compute dispatch), each followed by a "name 0x<error>" line, then a last upload and readback that must
 * work ("final ok"). fault_injection_test runs it with GLVK_FAULT_INJECT=alloc=N for each N: a
 * failed device allocation must become GL_OUT_OF_MEMORY (or an error of a later call that needs
 * the missing object), never a crash or a validation message, and the context must stay usable.
 * With PROBE_LOSE_CONTEXT set the context is made with EGL_LOSE_CONTEXT_ON_RESET
 * (EGL_EXT_create_context_robustness) and GLVK_FAULT_INJECT=submit=N or wait=N loses the device:
 * from the call that meets the loss on, every line must read GL_CONTEXT_LOST, the query result
 * must read available, and glGetGraphicsResetStatus must report the reset once.
 * Exit status: 0 when it ran to the end, 1 without a context. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/probe_egl.h"

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static const char* vs = "#version 330 core\nlayout(location = 0) in vec2 p;\n"
                        "void main() { gl_Position = vec4(p, 0.0, 1.0); }\n";
static const char* fs = "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static const char* sampling_fs = "#version 330 core\nuniform sampler2D s;\nuniform usampler2D u;\n"
                                 "uniform sampler2DMS m;\nout vec4 c;\n"
                                 "void main() { c = texture(s, vec2(0.5)) + vec4(texture(u, vec2(0.5))) +\n"
                                 "  texelFetch(m, ivec2(gl_FragCoord.xy), 3); }\n";
static const char* cs = "#version 430\nlayout(local_size_x = 1) in;\n"
                        "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                        "void main() { v[gl_GlobalInvocationID.x] = 7u; }\n";

static GLuint shader(GLenum type, const char* text) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &text, NULL);
  glCompileShader(s);
  return s;
}

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
                               EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
                               getenv("PROBE_LOSE_CONTEXT") ? EGL_LOSE_CONTEXT_ON_RESET_EXT : EGL_NO_RESET_NOTIFICATION_EXT,
                               EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "fault_probe", attributes)) return 1;

  static unsigned char texels[64 * 64 * 4], back[64 * 64 * 4];
  for (unsigned i = 0; i < sizeof texels; ++i) texels[i] = (unsigned char)(i * 7);
  GLuint t[3], b[2], rb, fb, vao, program;
  glGenTextures(3, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 64, 64);
  error("texstorage2d");
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  error("texsubimage2d");
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generatemipmap");
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
  error("gettexImage");
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA16F, 16, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  error("teximage3d");
  glBindTexture(GL_TEXTURE_2D, t[2]);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, 16, 0, 256, texels);
  error("compressedteximage2d");

  glGenBuffers(2, b);
  glBindBuffer(GL_ARRAY_BUFFER, b[0]);
  glBufferData(GL_ARRAY_BUFFER, 1 << 20, NULL, GL_DYNAMIC_DRAW);
  error("bufferdata");
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof texels, texels);
  error("buffersubdata");
  glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
  glBufferStorage(GL_COPY_WRITE_BUFFER, 4096, NULL, GL_MAP_READ_BIT);
  error("bufferstorage");
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4096);
  error("copybuffersubdata");
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 16, back);
  error("getbuffersubdata");

  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
  error("renderbufferstorage");
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  error("clear");
  glReadPixels(0, 0, 32, 32, GL_RGBA, GL_UNSIGNED_BYTE, back);
  error("readpixels");

  program = glCreateProgram();
  glAttachShader(program, shader(GL_VERTEX_SHADER, vs));
  glAttachShader(program, shader(GL_FRAGMENT_SHADER, fs));
  glLinkProgram(program);
  error("linkprogram");
  glUseProgram(program);
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  static const float triangle[] = {-1, -1, 3, -1, -1, 3};
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof triangle, triangle);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
  glEnableVertexAttribArray(0);
  glViewport(0, 0, 32, 32);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  error("drawarrays");
  glReadPixels(0, 0, 32, 32, GL_RGBA, GL_UNSIGNED_BYTE, back);
  error("readpixels_after_draw");

  /* A draw sampling a texture, an incomplete integer texture (its stand-in) and a multisample
   * texture (texelFetch), then a compute dispatch into a storage buffer: the descriptors, samplers,
   * views, stand-in images and pipelines draws and dispatches make. */
  GLuint ms, storage, sampling, compute;
  glGenTextures(1, &ms);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 32, 32, GL_TRUE);
  error("teximage2dmultisample");
  sampling = glCreateProgram();
  glAttachShader(sampling, shader(GL_VERTEX_SHADER, vs));
  glAttachShader(sampling, shader(GL_FRAGMENT_SHADER, sampling_fs));
  glLinkProgram(sampling);
  error("linksampling");
  glUseProgram(sampling);
  glUniform1i(glGetUniformLocation(sampling, "s"), 0);
  glUniform1i(glGetUniformLocation(sampling, "u"), 1);
  glUniform1i(glGetUniformLocation(sampling, "m"), 2);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
  glActiveTexture(GL_TEXTURE0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  error("drawsampling");
  compute = glCreateProgram();
  glAttachShader(compute, shader(GL_COMPUTE_SHADER, cs));
  glLinkProgram(compute);
  error("linkcompute");
  glGenBuffers(1, &storage);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, storage);
  glBufferData(GL_SHADER_STORAGE_BUFFER, 256, NULL, GL_DYNAMIC_READ);
  error("storagebufferdata");
  glUseProgram(compute);
  glDispatchCompute(4, 1, 1);
  error("dispatchcompute");
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, back);
  error("getstoragebuffer");
  glUseProgram(program);

  /* A query waited for; its availability then reads TRUE (also in a lost context). */
  GLuint query = 0, available = 7, result = 0;
  glGenQueries(1, &query);
  glBeginQuery(GL_SAMPLES_PASSED, query);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndQuery(GL_SAMPLES_PASSED);
  glGetQueryObjectuiv(query, GL_QUERY_RESULT, &result);
  error("queryresult");
  glGetQueryObjectuiv(query, GL_QUERY_RESULT_AVAILABLE, &available);
  printf("queryavailable %u 0x%x\n", available, glGetError());
  /* A fence waited for reads SIGNALED (in a lost context too, whatever the handle). */
  GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  error("fencesync");
  glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
  error("clientwaitsync");
  GLint sync_status = 0;
  glGetSynciv(sync, GL_SYNC_STATUS, 1, NULL, &sync_status);
  printf("syncstatus 0x%x 0x%x\n", (unsigned)sync_status, glGetError());
  glFinish();
  error("finish");

  /* The context still works: a new texture round-trips. */
  GLuint last;
  glGenTextures(1, &last);
  glBindTexture(GL_TEXTURE_2D, last);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  memset(back, 0, sizeof back);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
  const int same = memcmp(back, texels, 8 * 8 * 4) == 0;
  printf("final %s 0x%x\n", same ? "ok" : "bad", glGetError());
  /* Reported once, then NO_ERROR (the reset is over; the context stays lost). */
  const GLenum status = glGetGraphicsResetStatus();
  printf("resetstatus 0x%x 0x%x\n", status, glGetError());
  const GLenum again = glGetGraphicsResetStatus();
  printf("resetstatusagain 0x%x 0x%x\n", again, glGetError());

  probe_release(&probe);
  return 0;
}
