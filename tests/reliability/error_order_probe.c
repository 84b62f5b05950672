/* error_order_probe: GL calls to which several errors apply at once, each followed by a
 * "name 0x<error>" line (the one error GL records), through the system libEGL/libGL only.
 * error_order_peer_test runs it on Mesa llvmpipe and on glvk and requires the same lines: where the
 * GL spec leaves the choice open, glvk answers as Mesa does (src/gl/ERROR_ORDER.md). A GL 4.5 core
 * context (llvmpipe's newest). */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <string.h>

#include "../support/probe_egl.h"

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static unsigned char data[4096];
#define BAD_ENUM 0x1234

static void textures(void) {
  GLuint t[4];
  glGenTextures(4, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  /* Target before every other argument. */
  glTexImage2D(BAD_ENUM, -1, GL_RGBA8, -1, -1, 7, BAD_ENUM, BAD_ENUM, NULL);
  error("teximage2d_target_level_size_border_format");
  /* Level before sizes, sizes before border, border before formats. */
  glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA8, -1, -1, 7, BAD_ENUM, BAD_ENUM, NULL);
  error("teximage2d_level_size_border_format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 4, 7, BAD_ENUM, BAD_ENUM, NULL);
  error("teximage2d_size_border_format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 7, BAD_ENUM, BAD_ENUM, NULL);
  error("teximage2d_border_format");
  glTexImage2D(GL_TEXTURE_2D, 0, BAD_ENUM, 4, 4, 0, BAD_ENUM, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_internalformat_format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, BAD_ENUM, NULL);
  error("teximage2d_type");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, NULL);
  error("teximage2d_format_type_mismatch");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_integer_mismatch");
  /* A sub-image of a level with no image, with a bad format too. */
  glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, BAD_ENUM, GL_UNSIGNED_BYTE, data);
  error("texsubimage2d_no_image_format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, 4, 4, BAD_ENUM, GL_UNSIGNED_BYTE, data);
  error("texsubimage2d_region_format");
  glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, -1, 4, GL_RGBA, GL_UNSIGNED_BYTE, data);
  error("texsubimage2d_negative_size_region");
  /* Immutable storage: respecified, and with bad arguments. */
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glTexStorage2D(GL_TEXTURE_2D, 0, BAD_ENUM, 4, 4);
  error("texstorage2d_immutable_levels_format");
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  error("texstorage2d_immutable");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_immutable_size");
  glBindTexture(GL_TEXTURE_2D, t[2]);
  glTexStorage2D(GL_TEXTURE_2D, 0, BAD_ENUM, -1, 4);
  error("texstorage2d_levels_format_size");
  glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);
  error("texstorage2d_too_many_levels");
  glTexParameteri(BAD_ENUM, BAD_ENUM, 0);
  error("texparameteri_target_pname");
  glTexParameteri(GL_TEXTURE_2D, BAD_ENUM, BAD_ENUM);
  error("texparameteri_pname_value");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, BAD_ENUM);
  error("texparameteri_value");
  glBindTexture(BAD_ENUM, t[2]);
  error("bindtexture_target_other_target");
  glBindTexture(GL_TEXTURE_3D, t[2]);
  error("bindtexture_other_target");
  GLint v = 0;
  glGetTexLevelParameteriv(BAD_ENUM, -1, BAD_ENUM, &v);
  error("gettexlevelparameter_target_level_pname");
  glGetTexLevelParameteriv(GL_TEXTURE_2D, -1, BAD_ENUM, &v);
  error("gettexlevelparameter_level_pname");
  glGetTexImage(GL_TEXTURE_2D, -1, BAD_ENUM, GL_UNSIGNED_BYTE, data);
  error("gettexImage_level_format");
  glCompressedTexImage2D(GL_TEXTURE_2D, -1, GL_COMPRESSED_RED_RGTC1, -1, 4, 0, -1, data);
  error("compressedteximage2d_level_size_imagesize");
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 7, data);
  error("compressedteximage2d_imagesize");
  glGenerateMipmap(BAD_ENUM);
  error("generatemipmap_target");
  glActiveTexture(GL_TEXTURE0 - 1);
  error("activetexture_below");
  glDeleteTextures(4, t);
}

static void buffers(void) {
  GLuint b[2];
  glGenBuffers(2, b);
  glBufferData(BAD_ENUM, -1, NULL, BAD_ENUM);
  error("bufferdata_target_size_usage");
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBufferData(GL_ARRAY_BUFFER, -1, NULL, BAD_ENUM);
  error("bufferdata_unbound_size_usage");
  glBindBuffer(GL_ARRAY_BUFFER, b[0]);
  glBufferData(GL_ARRAY_BUFFER, -1, NULL, BAD_ENUM);
  error("bufferdata_size_usage");
  glBufferData(GL_ARRAY_BUFFER, 64, NULL, BAD_ENUM);
  error("bufferdata_usage");
  glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, -1, 128, data);
  error("buffersubdata_offset_range");
  glBufferSubData(GL_ARRAY_BUFFER, 32, 64, data);
  error("buffersubdata_range");
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
  glBufferSubData(GL_ARRAY_BUFFER, 32, 64, data);
  error("buffersubdata_mapped_range");
  glMapBufferRange(GL_ARRAY_BUFFER, -1, 0, 0);
  error("mapbufferrange_mapped_offset_length_access");
  glUnmapBuffer(GL_ARRAY_BUFFER);
  glMapBufferRange(GL_ARRAY_BUFFER, -1, 0, 0);
  error("mapbufferrange_offset_length_access");
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 128, 0);
  error("mapbufferrange_range_access");
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
  error("mapbufferrange_read_invalidate");
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glCopyBufferSubData(GL_ARRAY_BUFFER, BAD_ENUM, -1, 0, 16);
  error("copybuffersubdata_target_offset");
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, -1, 0, 16);
  error("copybuffersubdata_unbound_offset");
  glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
  glBufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_STATIC_DRAW);
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 32);
  error("copybuffersubdata_range");
  GLint alignment = 0;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &alignment);
  glBindBufferRange(GL_UNIFORM_BUFFER, 1000, b[0], 1, 0);
  error("bindbufferrange_index_offset_size");
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, b[0], alignment > 1 ? 1 : -1, 0);
  error("bindbufferrange_offset_size");
  glBindBufferRange(BAD_ENUM, 1000, b[0], 1, 0);
  error("bindbufferrange_target_index");
  glBindBufferBase(GL_UNIFORM_BUFFER, 1000, 12345);
  error("bindbufferbase_index_name");
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glDeleteBuffers(2, b);
  glGenBuffers(-1, b);
  error("genbuffers_negative");
}

static void framebuffers(void) {
  GLuint fb, rb, t;
  glGenFramebuffers(1, &fb);
  glGenRenderbuffers(1, &rb);
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glBindTexture(GL_TEXTURE_2D, 0);
  glFramebufferTexture2D(BAD_ENUM, BAD_ENUM, GL_TEXTURE_2D, t, 0);
  error("framebuffertexture2d_target_attachment");
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, BAD_ENUM, GL_TEXTURE_2D, t, 0);
  error("framebuffertexture2d_default_attachment");
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, BAD_ENUM, GL_TEXTURE_2D, 12345, -1);
  error("framebuffertexture2d_attachment_name_level");
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, BAD_ENUM, 12345, -1);
  error("framebuffertexture2d_textarget_name_level");
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 12345, -1);
  error("framebuffertexture2d_name_level");
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, t, -1);
  error("framebuffertexture2d_textarget_mismatch_level");
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 100);
  error("framebuffertexture2d_level");
  glCheckFramebufferStatus(BAD_ENUM);
  error("checkframebufferstatus_target");
  glRenderbufferStorage(BAD_ENUM, BAD_ENUM, -1, -1);
  error("renderbufferstorage_target_format_size");
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glRenderbufferStorage(GL_RENDERBUFFER, BAD_ENUM, -1, -1);
  error("renderbufferstorage_unbound_format_size");
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, BAD_ENUM, -1, -1);
  error("renderbufferstorage_format_size");
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 1000, GL_RGBA8, -1, 4);
  error("renderbufferstoragems_size_samples");
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 1000, GL_RGBA8, 4, 4);
  error("renderbufferstoragems_samples");
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 100000, 4);
  error("renderbufferstorage_too_wide");
  glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, 0x80000000u, BAD_ENUM);
  error("blitframebuffer_mask_filter");
  glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
  error("blitframebuffer_depth_linear_incomplete");
  glReadPixels(0, 0, -1, 1, BAD_ENUM, GL_UNSIGNED_BYTE, data);
  error("readpixels_size_format_incomplete");
  glReadPixels(0, 0, 1, 1, BAD_ENUM, GL_UNSIGNED_BYTE, data);
  error("readpixels_format_incomplete");
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, data);
  error("readpixels_format_type_mismatch");
  glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, data);
  error("readpixels_integer_from_normalized");
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, data);
  error("readpixels_no_depth");
  glClearBufferiv(BAD_ENUM, -1, (const GLint*)data);
  error("clearbufferiv_buffer_drawbuffer");
  glClearBufferiv(GL_COLOR, -1, (const GLint*)data);
  error("clearbufferiv_drawbuffer");
  glClearBufferfv(GL_DEPTH, 1, (const GLfloat*)data);
  error("clearbufferfv_depth_drawbuffer");
  GLenum buffers[2] = {GL_BACK, BAD_ENUM};
  glDrawBuffers(-1, buffers);
  error("drawbuffers_negative");
  glDrawBuffers(2, buffers);
  error("drawbuffers_back_bad");
  glReadBuffer(GL_BACK);
  error("readbuffer_back_on_fbo");
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &t);
}

static void queries_and_debug(void) {
  GLuint q;
  glGenQueries(1, &q);
  glBeginQuery(BAD_ENUM, 0);
  error("beginquery_target_zero");
  glBeginQuery(GL_SAMPLES_PASSED, 0);
  error("beginquery_zero");
  GLint v = 0;
  glGetQueryObjectiv(12345, BAD_ENUM, &v);
  error("getqueryobject_name_pname");
  glGetQueryObjectiv(q, BAD_ENUM, &v);
  error("getqueryobject_never_begun_pname");
  glGetQueryiv(BAD_ENUM, BAD_ENUM, &v);
  error("getqueryiv_target_pname");
  glEndQuery(GL_SAMPLES_PASSED);
  error("endquery_not_active");
  glDeleteQueries(1, &q);
  glObjectLabel(BAD_ENUM, 0, -2, "x");
  error("objectlabel_identifier_length");
  glObjectLabel(GL_BUFFER, 12345, -2, "x");
  error("objectlabel_name_length");
  char label[8];
  glGetObjectLabel(GL_BUFFER, 12345, -1, NULL, label);
  error("getobjectlabel_name_bufsize");
  glDebugMessageInsert(BAD_ENUM, BAD_ENUM, 0, BAD_ENUM, -1, "x");
  error("debugmessageinsert_source_type_severity");
  glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DONT_CARE, GL_DONT_CARE, 1, (const GLuint*)data, GL_TRUE);
  error("debugmessagecontrol_ids_without_source_type");
  glPushDebugGroup(GL_DEBUG_SOURCE_API, 0, -1, "x");
  error("pushdebuggroup_source");
  glPopDebugGroup();
  error("popdebuggroup_underflow");
}

static void programs_and_draws(void) {
  glDrawArrays(BAD_ENUM, -1, -1);
  error("drawarrays_mode_first_count_novao");
  glDrawArrays(GL_TRIANGLES, 0, -1);
  error("drawarrays_count_novao");
  glDrawElements(BAD_ENUM, -1, BAD_ENUM, NULL);
  error("drawelements_mode_count_type");
  glDrawElements(GL_TRIANGLES, 3, BAD_ENUM, NULL);
  error("drawelements_type_novao");
  GLuint vao;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  error("drawarrays_no_program");
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -1);
  error("drawarraysinstanced_primcount_no_program");
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  glVertexAttribPointer((GLuint)max_attribs, 5, BAD_ENUM, GL_FALSE, -1, NULL);
  error("vertexattribpointer_index_size_type_stride");
  glVertexAttribPointer(0, 5, BAD_ENUM, GL_FALSE, -1, NULL);
  error("vertexattribpointer_size_type_stride");
  glVertexAttribPointer(0, 4, BAD_ENUM, GL_FALSE, -1, NULL);
  error("vertexattribpointer_type_stride");
  glVertexAttribPointer(0, GL_BGRA, GL_FLOAT, GL_FALSE, 0, NULL);
  error("vertexattribpointer_bgra_float");
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, (const void*)16);
  error("vertexattribpointer_no_buffer");
  glEnableVertexAttribArray((GLuint)max_attribs);
  error("enablevertexattribarray_index");
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vao);
  GLuint shader = glCreateShader(GL_VERTEX_SHADER), program = glCreateProgram();
  glShaderSource(12345, -1, NULL, NULL);
  error("shadersource_name_count");
  glShaderSource(program, -1, NULL, NULL);
  error("shadersource_program_count");
  GLint v = 0;
  glGetShaderiv(program, BAD_ENUM, &v);
  error("getshaderiv_program_pname");
  glGetShaderiv(12345, BAD_ENUM, &v);
  error("getshaderiv_name_pname");
  glGetProgramiv(shader, BAD_ENUM, &v);
  error("getprogramiv_shader_pname");
  glAttachShader(program, 12345);
  error("attachshader_name");
  glAttachShader(shader, program);
  error("attachshader_swapped");
  glUseProgram(12345);
  error("useprogram_name");
  glUseProgram(program);
  error("useprogram_unlinked");
  glUniform1i(0, 0);
  error("uniform_no_program");
  glUniform1i(-1, 0);
  error("uniform_minus_one_no_program");
  glDeleteShader(shader);
  glDeleteProgram(program);
}

static void state(void) {
  glEnable(BAD_ENUM);
  error("enable_cap");
  glEnablei(GL_BLEND, 1000);
  error("enablei_index");
  glEnablei(BAD_ENUM, 1000);
  error("enablei_cap_index");
  glPixelStorei(BAD_ENUM, -1);
  error("pixelstorei_pname_value");
  glPixelStorei(GL_UNPACK_ALIGNMENT, 3);
  error("pixelstorei_alignment");
  glPixelStorei(GL_UNPACK_ROW_LENGTH, -1);
  error("pixelstorei_negative");
  glViewport(0, 0, -1, -1);
  error("viewport_negative");
  glViewportIndexedf(1000, 0, 0, -1, -1);
  error("viewportindexed_index_size");
  glScissorIndexed(1000, 0, 0, -1, -1);
  error("scissorindexed_index_size");
  glDepthRangeIndexed(1000, 0, 1);
  error("depthrangeindexed_index");
  GLint v = 0;
  glGetIntegeri_v(BAD_ENUM, 1000, &v);
  error("getintegeri_pname_index");
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1000, &v);
  error("getintegeri_index");
  glBlendFunci(1000, BAD_ENUM, GL_ONE);
  error("blendfunci_index_factor");
  glColorMaski(1000, 1, 1, 1, 1);
  error("colormaski_index");
  glStencilFuncSeparate(BAD_ENUM, BAD_ENUM, 0, 0);
  error("stencilfuncseparate_face_func");
  glStencilOpSeparate(GL_FRONT, BAD_ENUM, BAD_ENUM, BAD_ENUM);
  error("stencilopseparate_ops");
  glLineWidth(-1.0f);
  error("linewidth_negative");
  glPolygonMode(GL_FRONT, GL_LINE);
  error("polygonmode_front_core");
  glPolygonMode(BAD_ENUM, BAD_ENUM);
  error("polygonmode_face_mode");
  GLuint s;
  glGenSamplers(1, &s);
  glSamplerParameteri(12345, BAD_ENUM, 0);
  error("samplerparameteri_name_pname");
  glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, BAD_ENUM);
  error("samplerparameteri_value");
  glBindSampler(1000, 12345);
  error("bindsampler_unit_name");
  glDeleteSamplers(1, &s);
}

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "error_order_probe", attributes)) return 1;
  memset(data, 0, sizeof data);
  textures();
  buffers();
  framebuffers();
  queries_and_debug();
  programs_and_draws();
  state();
  probe_release(&probe);
  return 0;
}
