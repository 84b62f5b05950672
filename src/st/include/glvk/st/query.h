// Primitive-count queries (GL 4.6 4.2, 13.3.3: PRIMITIVES_GENERATED and
// TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, stream 0): every draw while the query is active counts
// into a query of its own (a Vulkan query may not span rendering passes, GL's span many); the
// result is their sum.
#pragma once

#include <cstdint>
#include <memory>

namespace glvk::st {

class Context;
class Query;

enum class QueryKind { PrimitivesGenerated, PrimitivesWritten };

// Whether the device counts this kind (VK_EXT_primitives_generated_query, VK_EXT_transform_feedback).
bool query_supported(Context& context, QueryKind kind);
std::shared_ptr<Query> make_query(QueryKind kind);
// glBeginQuery: the count starts again from zero.
void restart_query(Query& query);
// The count so far of an ended query; false (out unchanged) when `wait` is false and the device
// has not finished the draws yet (they are submitted, so it eventually will).
bool query_result(Context& context, Query& query, bool wait, std::uint64_t& out);

}  // namespace glvk::st
