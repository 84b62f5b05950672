// Query objects' counting (GL 4.6 4.2-4.3, 13.3.3): primitives generated and transform-feedback
// primitives written (of one vertex stream each), samples passed (exact, or any-passed), time elapsed and
// timestamps. Every draw while a counting query is active counts into a Vulkan query of its own (a
// Vulkan query may not span rendering passes, GL's span many); the result is their sum. Time
// elapsed is the difference of two timestamps written where glBeginQuery and glEndQuery stand.
#pragma once

#include <cstdint>
#include <memory>

namespace glvk::st {

class Context;
class Query;

enum class QueryKind { PrimitivesGenerated, PrimitivesWritten, SamplesPassed, AnySamplesPassed, TimeElapsed, Timestamp };

// Whether the device can answer this kind (VK_EXT_primitives_generated_query,
// VK_EXT_transform_feedback, occlusionQueryPrecise for exact sample counts, timestamps on the queue),
// for vertex stream `stream` (the primitive kinds; others: 0).
bool query_supported(Context& context, QueryKind kind, unsigned stream = 0);
// GL's QUERY_COUNTER_BITS of a kind (0 when unsupported).
int query_counter_bits(Context& context, QueryKind kind);
std::shared_ptr<Query> make_query(QueryKind kind);
// glBeginQuery: the count starts again from zero (a time-elapsed query takes its first timestamp).
void begin_query(Context& context, Query& query);
// glEndQuery: a time-elapsed query takes its second timestamp.
void end_query(Context& context, Query& query);
// glQueryCounter: a Timestamp query takes the time once every earlier command has completed.
void query_counter(Context& context, Query& query);
// The result of an ended query (nanoseconds for times; 0 or 1 for any-samples-passed); false (out
// unchanged) when `wait` is false and the device has not finished yet (the work is submitted, so
// it eventually will).
bool query_result(Context& context, Query& query, bool wait, std::uint64_t& out);
// glGet(TIMESTAMP): the device's time in nanoseconds now (VK_EXT_calibrated_timestamps), else once
// the commands so far have completed; comparable with query_counter's.
std::uint64_t current_timestamp(Context& context);

}  // namespace glvk::st
