// Display-list geometry (private to src/gl): while a list is compiled, each glBegin/glEnd primitive
// made only of glVertex and attribute commands is also captured as vertices; at glEnd its commands
// are replaced by one replay that draws the vertices from a buffer owned by the list, as glDrawArrays
// draws, instead of calling them one by one (GL 4.6 compatibility 21.4 leaves how a list is kept to
// the implementation). list_geometry.cpp holds the rules.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "glvk/gl/context.h"
#include "glvk/gl/dispatch.h"

namespace glvk::gl {

struct CapturedPrimitive;  // list_geometry.cpp

class ListGeometry {
 public:
  // glNewList: nothing captured, no attribute value known.
  void reset();
  // Called after `effect`'s command was appended to `commands`: follows the attribute values the
  // list sets and, at a glEnd that closes a capturable primitive, replaces its commands.
  void observe(Context& ctx, std::vector<ListCommand>& commands, const ListCommandEffect& effect);
  // glEndList of `list`: the captured vertices go into one buffer the list's replays draw from.
  void finish(Context& ctx, GLuint list);

 private:
  void run(Context& ctx, const ListCommand& command);  // on the capture's values, not the context's
  void end_primitive(std::vector<ListCommand>& commands);
  void pack_vertices(std::uint32_t per_vertex);

  // The current values as the list's commands leave them when replayed, where `known_` says so:
  // attributes the list set since its start, or since a command whose effect is unknown.
  CurrentValues current_;
  std::uint32_t known_ = 0;  // bit per LegacyAttrib
  // The primitive being captured: glBegin's mode and place in `commands`, the attributes its
  // vertices read from the capture (those known at its first vertex) and those it sets.
  bool inside_ = false, usable_ = false;
  GLenum mode_ = 0;
  std::size_t begin_index_ = 0;
  // Where the last primitive's replay is in `commands`; whether this glBegin comes right after it.
  std::size_t replay_index_ = 0;
  bool follows_primitive_ = false;
  std::uint32_t per_vertex_ = 0, sets_ = 0;
  std::vector<ImmediateVertex> vertices_;
  // The list's primitives and their packed vertices, until finish() uploads them.
  std::vector<std::shared_ptr<CapturedPrimitive>> primitives_;
  std::vector<float> data_;
  std::size_t captured_ = 0, kept_as_calls_ = 0;  // primitives (GLVK_DEBUG=lists)
};

}  // namespace glvk::gl
