// Parameters of the fixed-function state commands (glLight*, glMaterial*, glFog*, glTexEnv*):
// their f/i/fv/iv forms read through LegacyParams and their glGet*fv/iv queries written through
// LegacyOut, with GL's colour conversions (GL 4.6 equation 2.2 and table 18.2). Private to src/gl.
#pragma once

#include <algorithm>
#include <cmath>

#include "state_query.h"
#include "vertex_array_state.h"

namespace glvk::gl {

class LegacyParams {
 public:
  explicit LegacyParams(const GLfloat* f) : floats_(f) {}
  explicit LegacyParams(const GLint* i) : ints_(i) {}
  // The first n values (missing ones (0, 0, 0, 1)); integer colours are normalized.
  Vec4 get(int n, bool color) const {
    Vec4 v{0, 0, 0, 1};
    for (int k = 0; k < n; ++k)
      v[std::size_t(k)] = floats_ ? floats_[k] : color ? GLfloat(normalize_signed(ints_[k], 32)) : GLfloat(ints_[k]);
    return v;
  }
  GLenum get_enum() const { return floats_ ? GLenum(GLint(floats_[0])) : GLenum(ints_[0]); }

 private:
  const GLfloat* floats_ = nullptr;
  const GLint* ints_ = nullptr;
};

class LegacyOut {
 public:
  explicit LegacyOut(GLfloat* f) : floats_(f) {}
  explicit LegacyOut(GLint* i) : ints_(i) {}
  // Integer queries of colours take table 18.2's INT mapping, others round to the nearest integer.
  void put(const GLfloat* v, int n, bool color) const {
    for (int k = 0; k < n; ++k) {
      if (floats_) {
        floats_[k] = v[k];
      } else if (ints_) {
        const double d = color ? std::round(std::clamp(double(v[k]), -1.0, 1.0) * 2147483647.0) : std::round(v[k]);
        ints_[k] = GLint(std::clamp(d, -2147483648.0, 2147483647.0));
      }
    }
  }
  void put_enum(GLenum e) const {
    if (floats_) *floats_ = GLfloat(e);
    else if (ints_) *ints_ = GLint(e);
  }

 private:
  GLfloat* floats_ = nullptr;
  GLint* ints_ = nullptr;
};

// Floating-point state for glGet*: colours and normals as normalized values (table 18.2).
inline void set_state_floats(StateValue& value, const GLfloat* v, std::size_t n, bool normalized) {
  GLdouble d[4];
  for (std::size_t i = 0; i < n; ++i) d[i] = v[i];
  value.set_floats(normalized ? StateValue::Type::Normalized : StateValue::Type::Float, d, n);
}

// The owners of the compatibility state glGet reads (query_legacy_state asks them in turn).
bool query_lighting_state(Context& ctx, GLenum pname, StateValue& value);      // api_lighting.cpp
bool query_fog_texenv_state(Context& ctx, GLenum pname, StateValue& value);    // api_fog_texenv.cpp
bool query_client_array_state(Context& ctx, GLenum pname, StateValue& value);  // api_client_arrays.cpp
bool query_display_list_state(Context& ctx, GLenum pname, StateValue& value);  // api_display_lists.cpp
bool query_raster_state(Context& ctx, GLenum pname, StateValue& value);        // api_raster_pos.cpp
bool query_stipple_state(Context& ctx, GLenum pname, StateValue& value);       // api_stipple.cpp
bool query_pixel_transfer_state(Context& ctx, GLenum pname, StateValue& value);  // api_pixel_rects.cpp
bool query_color_index_state(Context& ctx, GLenum pname, StateValue& value);     // api_color_index.cpp
bool query_pixel_map_state(Context& ctx, GLenum pname, StateValue& value);       // api_pixel_maps.cpp
bool query_evaluator_state(Context& ctx, GLenum pname, StateValue& value);       // api_evaluators.cpp
bool query_select_feedback_state(Context& ctx, GLenum pname, StateValue& value); // api_select_feedback.cpp
bool query_arb_program_state(Context& ctx, GLenum pname, StateValue& value);      // api_arb_programs.cpp
// PROGRAM_ERROR_STRING_ARB (glGetString): the last glProgramStringARB's error, empty after a load.
const char* arb_program_error_string(Context& ctx);                                // api_arb_programs.cpp

}  // namespace glvk::gl
