// TEMPORARY: the current dispatch convention (api::<Name>(<params>)) forwarding to the
// render-state commands written in the (Context&, fn, ...) convention the `house` branch brings.
// Deleted when that convention reaches main.
#include "api_common.h"

namespace glvk::gl::api {

void DepthFunc(Context& ctx, const char* fn, GLenum func);
void StencilFunc(Context& ctx, const char* fn, GLenum func, GLint ref, GLuint mask);
void StencilFuncSeparate(Context& ctx, const char* fn, GLenum face, GLenum func, GLint ref, GLuint mask);
void StencilOp(Context& ctx, const char* fn, GLenum fail, GLenum zfail, GLenum zpass);
void StencilOpSeparate(Context& ctx, const char* fn, GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass);
void BlendFunc(Context& ctx, const char* fn, GLenum sfactor, GLenum dfactor);
void BlendFuncSeparate(Context& ctx, const char* fn, GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha);
void BlendFunci(Context& ctx, const char* fn, GLuint buf, GLenum src, GLenum dst);
void BlendFuncSeparatei(Context& ctx, const char* fn, GLuint buf, GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha);
void BlendEquation(Context& ctx, const char* fn, GLenum mode);
void BlendEquationSeparate(Context& ctx, const char* fn, GLenum modeRGB, GLenum modeAlpha);
void BlendEquationi(Context& ctx, const char* fn, GLuint buf, GLenum mode);
void BlendEquationSeparatei(Context& ctx, const char* fn, GLuint buf, GLenum modeRGB, GLenum modeAlpha);
void BlendColor(Context& ctx, const char* fn, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha);
void LogicOp(Context& ctx, const char* fn, GLenum opcode);
void CullFace(Context& ctx, const char* fn, GLenum mode);
void FrontFace(Context& ctx, const char* fn, GLenum mode);
void PolygonMode(Context& ctx, const char* fn, GLenum face, GLenum mode);
void PolygonOffset(Context& ctx, const char* fn, GLfloat factor, GLfloat units);
void PolygonOffsetClamp(Context& ctx, const char* fn, GLfloat factor, GLfloat units, GLfloat clamp);
void LineWidth(Context& ctx, const char* fn, GLfloat width);
void PointSize(Context& ctx, const char* fn, GLfloat size);
void ProvokingVertex(Context& ctx, const char* fn, GLenum mode);
void PrimitiveRestartIndex(Context& ctx, const char* fn, GLuint index);
void SampleCoverage(Context& ctx, const char* fn, GLfloat value, GLboolean invert);
void SampleMaski(Context& ctx, const char* fn, GLuint maskNumber, GLbitfield mask);
void MinSampleShading(Context& ctx, const char* fn, GLfloat value);
void ClipControl(Context& ctx, const char* fn, GLenum origin, GLenum depth);
void ShadeModel(Context& ctx, const char* fn, GLenum mode);
void AlphaFunc(Context& ctx, const char* fn, GLenum func, GLfloat ref);
void Hint(Context& ctx, const char* fn, GLenum target, GLenum mode);

void DepthFunc(GLenum func) {
  if (Context* ctx = current_context()) DepthFunc(*ctx, "glDepthFunc", func);
}
void StencilFunc(GLenum func, GLint ref, GLuint mask) {
  if (Context* ctx = current_context()) StencilFunc(*ctx, "glStencilFunc", func, ref, mask);
}
void StencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask) {
  if (Context* ctx = current_context()) StencilFuncSeparate(*ctx, "glStencilFuncSeparate", face, func, ref, mask);
}
void StencilOp(GLenum fail, GLenum zfail, GLenum zpass) {
  if (Context* ctx = current_context()) StencilOp(*ctx, "glStencilOp", fail, zfail, zpass);
}
void StencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass) {
  if (Context* ctx = current_context()) StencilOpSeparate(*ctx, "glStencilOpSeparate", face, sfail, dpfail, dppass);
}
void BlendFunc(GLenum sfactor, GLenum dfactor) {
  if (Context* ctx = current_context()) BlendFunc(*ctx, "glBlendFunc", sfactor, dfactor);
}
void BlendFuncSeparate(GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha) {
  if (Context* ctx = current_context()) BlendFuncSeparate(*ctx, "glBlendFuncSeparate", sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha);
}
void BlendFunci(GLuint buf, GLenum src, GLenum dst) {
  if (Context* ctx = current_context()) BlendFunci(*ctx, "glBlendFunci", buf, src, dst);
}
void BlendFuncSeparatei(GLuint buf, GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha) {
  if (Context* ctx = current_context()) BlendFuncSeparatei(*ctx, "glBlendFuncSeparatei", buf, srcRGB, dstRGB, srcAlpha, dstAlpha);
}
void BlendEquation(GLenum mode) {
  if (Context* ctx = current_context()) BlendEquation(*ctx, "glBlendEquation", mode);
}
void BlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha) {
  if (Context* ctx = current_context()) BlendEquationSeparate(*ctx, "glBlendEquationSeparate", modeRGB, modeAlpha);
}
void BlendEquationi(GLuint buf, GLenum mode) {
  if (Context* ctx = current_context()) BlendEquationi(*ctx, "glBlendEquationi", buf, mode);
}
void BlendEquationSeparatei(GLuint buf, GLenum modeRGB, GLenum modeAlpha) {
  if (Context* ctx = current_context()) BlendEquationSeparatei(*ctx, "glBlendEquationSeparatei", buf, modeRGB, modeAlpha);
}
void BlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  if (Context* ctx = current_context()) BlendColor(*ctx, "glBlendColor", red, green, blue, alpha);
}
void LogicOp(GLenum opcode) {
  if (Context* ctx = current_context()) LogicOp(*ctx, "glLogicOp", opcode);
}
void CullFace(GLenum mode) {
  if (Context* ctx = current_context()) CullFace(*ctx, "glCullFace", mode);
}
void FrontFace(GLenum mode) {
  if (Context* ctx = current_context()) FrontFace(*ctx, "glFrontFace", mode);
}
void PolygonMode(GLenum face, GLenum mode) {
  if (Context* ctx = current_context()) PolygonMode(*ctx, "glPolygonMode", face, mode);
}
void PolygonOffset(GLfloat factor, GLfloat units) {
  if (Context* ctx = current_context()) PolygonOffset(*ctx, "glPolygonOffset", factor, units);
}
void PolygonOffsetClamp(GLfloat factor, GLfloat units, GLfloat clamp) {
  if (Context* ctx = current_context()) PolygonOffsetClamp(*ctx, "glPolygonOffsetClamp", factor, units, clamp);
}
void LineWidth(GLfloat width) {
  if (Context* ctx = current_context()) LineWidth(*ctx, "glLineWidth", width);
}
void PointSize(GLfloat size) {
  if (Context* ctx = current_context()) PointSize(*ctx, "glPointSize", size);
}
void ProvokingVertex(GLenum mode) {
  if (Context* ctx = current_context()) ProvokingVertex(*ctx, "glProvokingVertex", mode);
}
void PrimitiveRestartIndex(GLuint index) {
  if (Context* ctx = current_context()) PrimitiveRestartIndex(*ctx, "glPrimitiveRestartIndex", index);
}
void SampleCoverage(GLfloat value, GLboolean invert) {
  if (Context* ctx = current_context()) SampleCoverage(*ctx, "glSampleCoverage", value, invert);
}
void SampleMaski(GLuint maskNumber, GLbitfield mask) {
  if (Context* ctx = current_context()) SampleMaski(*ctx, "glSampleMaski", maskNumber, mask);
}
void MinSampleShading(GLfloat value) {
  if (Context* ctx = current_context()) MinSampleShading(*ctx, "glMinSampleShading", value);
}
void ClipControl(GLenum origin, GLenum depth) {
  if (Context* ctx = current_context()) ClipControl(*ctx, "glClipControl", origin, depth);
}
void ShadeModel(GLenum mode) {
  if (Context* ctx = current_context()) ShadeModel(*ctx, "glShadeModel", mode);
}
void AlphaFunc(GLenum func, GLfloat ref) {
  if (Context* ctx = current_context()) AlphaFunc(*ctx, "glAlphaFunc", func, ref);
}
void Hint(GLenum target, GLenum mode) {
  if (Context* ctx = current_context()) Hint(*ctx, "glHint", target, mode);
}

}  // namespace glvk::gl::api
