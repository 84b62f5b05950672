// The generated GL dispatch: every GL 4.6 compatibility and extension command by name.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <span>

namespace glvk::gl {

class Context;
struct ContextConfig;

struct ProcEntry {
  const char* name;
  void* address;
};

// Generated (gl_dispatch.cpp).
extern const ProcEntry kEntryPoints[];
extern const std::size_t kEntryPointCount;
extern const std::size_t kImplementedCount;
extern const char* const kAdvertisedExtensions[];
extern const std::size_t kAdvertisedExtensionCount;
extern const std::size_t kCoreProfileExtensionCount;  // the first ones; the rest are compatibility-only
extern const std::size_t kCoreOnlyExtensionCount;     // the first ones a compatibility context leaves out

// The entry point for a GL command name ("glBufferData"), or null when gl.xml has no such command.
void* get_proc_address(const char* name);

// The extensions of a core or a compatibility context (advertised_extensions.txt).
std::span<const char* const> advertised_extensions(bool core_profile);
// The extensions a context reports: the list above for its profile, or the ES list (dispatch.cpp).
std::span<const char* const> context_extensions(const ContextConfig& config);

// Called by generated entry points of commands glvk does not implement yet: the first call made
// with a context current records GL_INVALID_OPERATION and logs the name under GLVK_DEBUG=api.
void report_unimplemented(std::atomic<bool>& reported, const char* name);

// Called by generated entry points of commands GL does not allow between glBegin and glEnd when
// one is called there: records GL_INVALID_OPERATION (GL 4.6 compatibility 10.7.5).
void between_begin_end(Context& context, const char* name);

// Called by generated entry points of every command but glBegin, glEnd and the per-vertex values
// while immediate-mode primitives are batched (LegacyState::batched_vertices): draws them, so that
// the command sees, and changes, state only after them (api_immediate.cpp).
void draw_immediate_batch(Context& context);

// Called by generated entry points of commands OpenGL ES 3.2 does not have when an ES context is
// current: records GL_INVALID_OPERATION (Mesa's ES dispatch lacks them; its stubs raise the same).
void not_in_es(Context& context, const char* name);

// Display lists (api_display_lists.cpp): generated entry points of the commands compiled into lists
// record themselves, with copies of their arrays (`legacy_param_count` values of a glLight*v-style
// parameter, `call_lists_size` bytes of glCallLists' names, `clear_buffer_size` values of a
// glClearBuffer*v), while glNewList is in effect.
// `effect` says what the command does to immediate mode, so that a glBegin/glEnd primitive made of
// commands the list understands is kept as vertices in a buffer (list_geometry.cpp); hand-compiled
// commands leave it at its default: "anything, the current values included".
using ListCommand = std::function<void(Context&)>;
struct ListCommandEffect {
  enum Kind : unsigned char { kOther, kBegin, kEnd, kVertex, kAttribute };
  Kind kind = kOther;
  unsigned value = 0;           // kBegin: the mode; kAttribute: the LegacyAttrib it sets
  bool changes_current = true;  // kOther: replaying it may change the current vertex attributes
};
void record_list_command(Context& context, ListCommand command, ListCommandEffect effect = {});
// Called by generated entry points of the commands a list cannot hold (REFUSED_IN_LISTS in
// gen_gl_dispatch.py) while glNewList is in effect: records GL_INVALID_OPERATION.
void refused_in_list(Context& context, const char* name);
std::size_t legacy_param_count(unsigned pname);
std::size_t call_lists_size(int n, unsigned type);
std::size_t clear_buffer_size(unsigned buffer);

// Called by generated entry points in a lost context (KHR_robustness): records GL_CONTEXT_LOST.
// lost_query_result also answers GL_QUERY_RESULT_AVAILABLE with TRUE in client memory
// (`size` bytes, 4 or 8), so that a program polling a query ends.
void context_lost(Context& context, const char* name);
void lost_query_result(Context& context, const char* name, unsigned pname, void* params, std::size_t size);
// lost_sync_status answers glGetSynciv's SYNC_STATUS with SIGNALED (when count allows a value).
void lost_sync_status(Context& context, const char* name, unsigned pname, int count, int* length, int* values);

// Called when a hand-written entry point throws (out of memory, device loss): records
// GL_OUT_OF_MEMORY, or GL_CONTEXT_LOST when the device was lost, since no exception may cross the
// C ABI.
void report_exception(Context& context, const char* name);

}  // namespace glvk::gl
