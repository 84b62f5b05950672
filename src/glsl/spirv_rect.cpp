// Rectangle textures (sampler2DRect, GL 4.6 8.10.2) as 2D images: Vulkan has no Rect dimension.
// A rectangle texture is addressed in texels, a 2D image in [0, 1]: every sampling coordinate
// (and gradient) of a former Rect image is divided by the image's size, which the shader asks for
// at that point (OpImageQuerySizeLod, level 0: rectangle textures have one level). Texel fetches
// and size queries get the level-0 operand 2D images need. Offsets stay in texels, as GL has them.
#include <glslang/SPIRV/spirv.hpp>
#include <spirv-tools/libspirv.h>
#include <spirv-tools/optimizer.hpp>

#include <unordered_map>
#include <unordered_set>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

using Instruction = SpirvInstruction;

bool samples_with_coordinate(spv::Op op) {
  switch (op) {
    case spv::OpImageSampleImplicitLod: case spv::OpImageSampleExplicitLod:
    case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod:
    case spv::OpImageSampleProjImplicitLod: case spv::OpImageSampleProjExplicitLod:
    case spv::OpImageSampleProjDrefImplicitLod: case spv::OpImageSampleProjDrefExplicitLod:
    case spv::OpImageGather: case spv::OpImageDrefGather:
    case spv::OpImageSparseSampleImplicitLod: case spv::OpImageSparseSampleExplicitLod:
    case spv::OpImageSparseSampleDrefImplicitLod: case spv::OpImageSparseSampleDrefExplicitLod:
    case spv::OpImageSparseGather: case spv::OpImageSparseDrefGather:
      return true;
    default:
      return false;
  }
}

bool has_dref_or_component(spv::Op op) {
  switch (op) {
    case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod:
    case spv::OpImageSampleProjDrefImplicitLod: case spv::OpImageSampleProjDrefExplicitLod:
    case spv::OpImageGather: case spv::OpImageDrefGather:
    case spv::OpImageSparseSampleDrefImplicitLod: case spv::OpImageSparseSampleDrefExplicitLod:
    case spv::OpImageSparseGather: case spv::OpImageSparseDrefGather:
      return true;
    default:
      return false;
  }
}

// The ids of the module's types and constants this pass uses, added when missing.
class Declarations {
 public:
  Declarations(const std::vector<Instruction>& module, std::uint32_t& bound) : bound_(bound) {
    for (const Instruction& inst : module) {
      const auto& w = inst.words;
      if (inst.op == spv::OpTypeInt && w.size() == 4 && w[2] == 32 && w[3] == 1) int_ = w[1];
      if (inst.op == spv::OpTypeFloat && w.size() == 3 && w[2] == 32) float_ = w[1];
      if (inst.op == spv::OpTypeVector && w.size() == 4) vectors_[{w[2], w[3]}] = w[1];
      if (inst.op == spv::OpConstant && w.size() == 4) constants_[{w[1], w[3]}] = w[2];
    }
  }
  std::uint32_t int_type() { return int_ ? int_ : int_ = add({spv::OpTypeInt, 0, 32, 1}, 1); }
  std::uint32_t float_type() { return float_ ? float_ : float_ = add({spv::OpTypeFloat, 0, 32}, 1); }
  std::uint32_t vector(std::uint32_t component, std::uint32_t n) {
    auto& id = vectors_[{component, n}];
    return id ? id : id = add({spv::OpTypeVector, 0, component, n}, 1);
  }
  std::uint32_t constant(std::uint32_t type, std::uint32_t bits) {
    auto& id = constants_[{type, bits}];
    return id ? id : id = add({spv::OpConstant, type, 0, bits}, 2);
  }
  const std::vector<std::uint32_t>& added() const { return added_; }

 private:
  struct PairHash {
    std::size_t operator()(const std::pair<std::uint32_t, std::uint32_t>& p) const { return std::size_t(p.first) * 65599u + p.second; }
  };
  // An instruction with its result id at `id_word`, appended to the declarations to add.
  std::uint32_t add(std::vector<std::uint32_t> inst, std::size_t id_word) {
    const std::uint32_t id = bound_++;
    inst[id_word] = id;
    inst[0] = std::uint32_t(inst.size()) << 16 | inst[0];
    added_.insert(added_.end(), inst.begin(), inst.end());
    return id;
  }
  std::uint32_t& bound_;
  std::uint32_t int_ = 0, float_ = 0;
  std::unordered_map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t, PairHash> vectors_, constants_;
  std::vector<std::uint32_t> added_;
};

// Every value's type, from SPIRV-Tools' parser (which knows which opcodes have a result type).
std::unordered_map<std::uint32_t, std::uint32_t> value_types(const std::vector<std::uint32_t>& words) {
  std::unordered_map<std::uint32_t, std::uint32_t> types;
  spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_1);
  spvBinaryParse(context, &types, words.data(), words.size(), nullptr,
                 [](void* user, const spv_parsed_instruction_t* inst) {
                   if (inst->type_id && inst->result_id)
                     (*static_cast<std::unordered_map<std::uint32_t, std::uint32_t>*>(user))[inst->result_id] = inst->type_id;
                   return SPV_SUCCESS;
                 },
                 nullptr);
  spvContextDestroy(context);
  return types;
}

}  // namespace

std::vector<std::uint32_t> with_rect_images_as_2d(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return words;
  std::vector<Instruction> module = split_instructions(words);
  std::unordered_set<std::uint32_t> rect_images, rect_sampled;
  std::unordered_map<std::uint32_t, std::uint32_t> vector_size;  // vector type → components
  for (const Instruction& inst : module) {
    const auto& w = inst.words;
    if (inst.op == spv::OpTypeImage && w.size() >= 9 && w[3] == spv::DimRect) rect_images.insert(w[1]);
    if (inst.op == spv::OpTypeSampledImage && w.size() == 3 && rect_images.count(w[2])) rect_sampled.insert(w[1]);
    if (inst.op == spv::OpTypeVector && w.size() == 4) vector_size[w[1]] = w[3];
  }
  if (rect_images.empty()) return words;
  std::unordered_map<std::uint32_t, std::uint32_t> type_of = value_types(words);

  std::uint32_t bound = words[3];
  Declarations decl(module, bound);
  bool needs_image_query = false;
  auto is_rect_image = [&](std::uint32_t value) { return rect_images.count(type_of[value]) > 0; };
  auto is_rect_sampled = [&](std::uint32_t value) { return rect_sampled.count(type_of[value]) > 0; };
  // The rect image behind a sampled image value: its size as floats (a vec2).
  auto size_of = [&](std::vector<std::uint32_t>& out, std::uint32_t sampled) {
    const std::uint32_t image_type = [&] {
      for (const Instruction& inst : module)
        if (inst.op == spv::OpTypeSampledImage && inst.words[1] == type_of[sampled]) return inst.words[2];
      return 0u;
    }();
    const std::uint32_t image = bound++, size = bound++, size_f = bound++;
    const std::uint32_t ivec2 = decl.vector(decl.int_type(), 2), vec2 = decl.vector(decl.float_type(), 2);
    out.insert(out.end(), {4u << 16 | spv::OpImage, image_type, image, sampled});
    out.insert(out.end(), {5u << 16 | spv::OpImageQuerySizeLod, ivec2, size, image, decl.constant(decl.int_type(), 0)});
    out.insert(out.end(), {4u << 16 | spv::OpConvertSToF, vec2, size_f, size});
    needs_image_query = true;
    return size_f;
  };
  // `value` (a float vector of n components) with its first two components divided by `size`.
  auto scaled = [&](std::vector<std::uint32_t>& out, std::uint32_t value, std::uint32_t size) {
    const std::uint32_t type = type_of.count(value) ? type_of[value] : 0;
    const std::uint32_t n = vector_size.count(type) ? vector_size[type] : 2;
    const std::uint32_t vec_n = decl.vector(decl.float_type(), n);
    std::uint32_t divisor = size;
    if (n > 2) {
      const std::uint32_t x = bound++, y = bound++;
      divisor = bound++;
      out.insert(out.end(), {5u << 16 | spv::OpCompositeExtract, decl.float_type(), x, size, 0});
      out.insert(out.end(), {5u << 16 | spv::OpCompositeExtract, decl.float_type(), y, size, 1});
      std::vector<std::uint32_t> construct = {0, vec_n, divisor, x, y};
      for (std::uint32_t c = 2; c < n; ++c) construct.push_back(decl.constant(decl.float_type(), 0x3f800000u));  // 1.0
      construct[0] = std::uint32_t(construct.size()) << 16 | spv::OpCompositeConstruct;
      out.insert(out.end(), construct.begin(), construct.end());
    }
    const std::uint32_t result = bound++;
    out.insert(out.end(), {5u << 16 | spv::OpFDiv, vec_n, result, value, divisor});
    return result;
  };

  std::vector<std::uint32_t> body;  // the functions, rewritten
  std::vector<std::uint32_t> head;  // everything before the first function
  bool in_functions = false;
  for (Instruction& inst : module) {
    auto& w = inst.words;
    if (inst.op == spv::OpFunction) in_functions = true;
    std::vector<std::uint32_t>& out = in_functions ? body : head;
    if (inst.op == spv::OpCapability && w.size() == 2 && (w[1] == spv::CapabilitySampledRect || w[1] == spv::CapabilityImageRect))
      continue;
    if (inst.op == spv::OpTypeImage && rect_images.count(w[1])) w[3] = spv::Dim2D;
    if (samples_with_coordinate(inst.op) && w.size() >= 5 && is_rect_sampled(w[3])) {
      const std::uint32_t size = size_of(out, w[3]);
      w[4] = scaled(out, w[4], size);
      // Image operands after the coordinate (and the Dref or component): gradients are texel-sized too.
      const std::size_t mask_word = has_dref_or_component(inst.op) ? 6 : 5;
      if (w.size() > mask_word && (w[mask_word] & spv::ImageOperandsGradMask)) {
        std::size_t operand = mask_word + 1;
        if (w[mask_word] & spv::ImageOperandsBiasMask) ++operand;
        if (w[mask_word] & spv::ImageOperandsLodMask) ++operand;
        if (operand + 1 < w.size()) {
          w[operand] = scaled(out, w[operand], size);
          w[operand + 1] = scaled(out, w[operand + 1], size);
        }
      }
    }
    // 2D fetches and size queries name the level: 0, the only one a rectangle texture has.
    if ((inst.op == spv::OpImageFetch || inst.op == spv::OpImageSparseFetch) && w.size() >= 5 && is_rect_image(w[3])) {
      if (w.size() == 5) {
        w.insert(w.end(), {spv::ImageOperandsLodMask, decl.constant(decl.int_type(), 0)});
      } else if (!(w[5] & (spv::ImageOperandsLodMask | spv::ImageOperandsSampleMask))) {
        w[5] |= spv::ImageOperandsLodMask;
        w.insert(w.begin() + 6, decl.constant(decl.int_type(), 0));  // Lod precedes the offsets
      }
      w[0] = std::uint32_t(w.size()) << 16 | inst.op;
    }
    if (inst.op == spv::OpImageQuerySize && w.size() == 4 && is_rect_image(w[3])) {
      w = {5u << 16 | spv::OpImageQuerySizeLod, w[1], w[2], w[3], decl.constant(decl.int_type(), 0)};
      needs_image_query = true;
    }
    out.insert(out.end(), w.begin(), w.end());
  }

  std::vector<std::uint32_t> result(words.begin(), words.begin() + kHeaderWords);
  if (needs_image_query) result.insert(result.end(), {2u << 16 | spv::OpCapability, spv::CapabilityImageQuery});
  result.insert(result.end(), head.begin(), head.end());
  result.insert(result.end(), decl.added().begin(), decl.added().end());
  result.insert(result.end(), body.begin(), body.end());
  result[3] = bound;
  // A former Rect type may now repeat a 2D one (and the sampled-image and pointer types over it):
  // SPIR-V allows each type once.
  spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_1);
  optimizer.RegisterPass(spvtools::CreateRemoveDuplicatesPass());
  std::vector<std::uint32_t> unique;
  spvtools::OptimizerOptions options;
  options.set_run_validator(false);
  if (!optimizer.Run(result.data(), result.size(), &unique, options)) return result;
  return unique;
}

}  // namespace glvk::glsl::detail
