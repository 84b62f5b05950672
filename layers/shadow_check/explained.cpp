// The explained-differences table: fields where radeonsi and RADV genuinely choose differently for
// the same resource, each entry named with its reason. A difference is only explained when the
// context shows the reason applies; everything else stays unexplained.
#include <cstring>
#include <initializer_list>

#include "checker.h"

namespace glvk::shadow_check {
namespace {

struct Entry {
  ExplainedDifference what;
  std::initializer_list<const char*> fields;  // "REGISTER_PREFIX.FIELD" suffixes, e.g. "RSRC_WORD3.TILING_INDEX"
  bool (*applies)(const DifferenceContext&);
};

bool linear_image(const DifferenceContext& c) { return c.image && c.image->tiling == VK_IMAGE_TILING_LINEAR; }

const Entry kTable[] = {
    {{"linear-image",
      "the Vulkan image is VK_IMAGE_TILING_LINEAR (glvk's direct-map choice on CPU devices, seed 003, or the "
      "application's); RADV lays a linear image out linear-aligned while radeonsi tiles a sampled texture "
      "(si_choose_tiling), so the tiling index (GFX9: the swizzle mode) and the padded pitch differ"},
     {"SQ_IMG_RSRC_WORD3.TILING_INDEX", "SQ_IMG_RSRC_WORD3.SW_MODE", "SQ_IMG_RSRC_WORD4.PITCH"},
     linear_image},
};

bool matches(const Entry& e, const FieldDifference& d) {
  const std::string key = d.reg + "." + d.field;
  for (const char* f : e.fields)
    if (key == f) return true;
  return false;
}

}  // namespace

void explain(const DifferenceContext& context, std::vector<FieldDifference>& differences) {
  for (FieldDifference& d : differences)
    for (const Entry& e : kTable)
      if (matches(e, d) && e.applies(context)) {
        d.explanation = e.what.name;
        break;
      }
}

std::vector<ExplainedDifference> explained_differences() {
  std::vector<ExplainedDifference> out;
  for (const Entry& e : kTable) out.push_back(e.what);
  return out;
}

}  // namespace glvk::shadow_check
