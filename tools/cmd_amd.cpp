// glvk amd: the GCN shadow from the command line.
//   glvk amd encode KIND [--chip C] [--format F] [--width W] [--height H] [--va ADDR] [--raw] ...
//   glvk amd decode --chip CHIP [FILE]      (a binary IB, little-endian dwords; stdin without FILE)
//   glvk amd shadow FILE                    (a stream written with GLVK_SHADOW=FILE)
//   glvk amd chips
//   glvk amd surface --format F --width W [...] [--dcc on|off] [--json]  (the legacy layout per level, CMASK/HTILE/DCC)
// Each encode kind is one function in kEncoders.
#include "commands.h"
#include "cmd_amd_surface_gfx9.h"
#include "json_writer.h"

#include <glvk/amd_descriptors/capability.h>
#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/ib_printer.h>
#include <glvk/amd_descriptors/pm4.h>
#include <glvk/formats/format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace glvk::tools {

namespace {

using amd::Error;
using amd::Result;

// Options of `glvk amd encode`: --name value pairs and bare flags, checked against what the
// chosen encoder reads so a misspelt option is an error, not silently ignored.
class EncodeArgs {
 public:
  static Result<EncodeArgs> parse(Args args) {
    EncodeArgs out;
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string_view a = args[i];
      if (a.substr(0, 2) != "--") return Error{"unexpected argument '" + std::string(a) + "'"};
      const std::string name(a.substr(2));
      if (name == "raw" || name == "json") {
        (name == "raw" ? out.raw_ : out.json_) = true;
        continue;
      }
      if (i + 1 >= args.size()) return Error{"option --" + name + " needs a value"};
      out.values_[name] = std::string(args[++i]);
    }
    return out;
  }

  bool raw() const { return raw_; }
  bool json() const { return json_; }
  bool has(const std::string& name) const {
    used_.insert(name);
    return values_.count(name) != 0;
  }
  Result<std::string> text(const std::string& name) const {
    used_.insert(name);
    auto it = values_.find(name);
    if (it == values_.end()) return Error{"missing --" + name};
    return it->second;
  }
  Result<uint64_t> number(const std::string& name, std::optional<uint64_t> fallback = std::nullopt) const {
    used_.insert(name);
    auto it = values_.find(name);
    if (it == values_.end()) {
      if (fallback) return *fallback;
      return Error{"missing --" + name};
    }
    const std::string& s = it->second;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (s.empty() || s[0] == '-' || *end != '\0' || errno == ERANGE)
      return Error{"--" + name + " '" + s + "' is not a number"};
    return static_cast<uint64_t>(v);
  }
  // The chip: --chip, else GLVK_SHADOW_CHIP, else tonga (the shadow's default).
  Result<const amd::Chip*> chip() const {
    used_.insert("chip");
    std::string name = "tonga";
    if (const char* env = std::getenv("GLVK_SHADOW_CHIP")) name = env;
    if (auto it = values_.find("chip"); it != values_.end()) name = it->second;
    const amd::Chip* c = amd::find_chip(name);
    if (!c) return Error{"unknown chip '" + name + "' (see glvk amd chips)"};
    return c;
  }
  Result<const formats::FormatDesc*> format() const {
    Result<std::string> name = text("format");
    if (!name) return Error{name.error()};
    const formats::FormatDesc* d = formats::find_format(*name);
    if (!d) return Error{"unknown format '" + *name + "'"};
    return d;
  }
  // Options given but never read by the encoder.
  std::vector<std::string> unused() const {
    std::vector<std::string> out;
    for (const auto& [name, value] : values_)
      if (!used_.count(name)) out.push_back(name);
    return out;
  }

 private:
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> used_;
  bool raw_ = false, json_ = false;
};

struct EncodeOutput {
  amd::GfxLevel gfx_level;
  std::vector<uint32_t> dwords;  // a PM4 stream, or the words of one descriptor
  // Set for descriptors: "SQ_IMG_RSRC" etc.; the dwords are then WORD0.. of that descriptor.
  const char* descriptor_prefix = nullptr;
};

// The 1D-tiled-thin padding the CLI uses when no layout is given: 8x8 micro tiles, and a pitch
// wide enough that one row of micro tiles covers a pipe interleave.
uint32_t padded_pitch_1d(const amd::Chip& chip, uint32_t width, uint32_t bytes_per_element) {
  const uint32_t min_pitch = chip.pipe_interleave_bytes / (bytes_per_element * 8);
  const uint32_t align = min_pitch > 8 ? min_pitch : 8;
  return (width + align - 1) / align * align;
}

// The CB format given directly as CB_COLOR_INFO enumerators (--cb-format COLOR_8_8_8_8
// --number-type NUMBER_UNORM --swap SWAP_STD): element size from the COLOR_* name's bit counts.
Result<amd::CbFormat> explicit_cb_format(const EncodeArgs& args, const amd::Chip& chip) {
  const amd::regs::RegisterDesc* info = amd::find_register("CB_COLOR0_INFO", chip.gfx_level);
  if (!info) return Error{"no CB_COLOR0_INFO on this chip"};
  amd::CbFormat f{};
  const std::pair<const char*, uint32_t*> wanted[] = {
      {"cb-format", &f.format}, {"number-type", &f.number_type}, {"swap", &f.comp_swap}};
  const char* field_names[] = {"FORMAT", "NUMBER_TYPE", "COMP_SWAP"};
  for (int i = 0; i < 3; ++i) {
    Result<std::string> name = args.text(wanted[i].first);
    if (!name) return Error{name.error() + " (or give --format)"};
    const amd::regs::FieldDesc* field = amd::find_field(*info, field_names[i]);
    if (!field || !amd::enum_value_by_name(*field, *name, wanted[i].second))
      return Error{"--" + std::string(wanted[i].first) + " '" + *name + "' is not a CB_COLOR_INFO." +
                   field_names[i] + " value"};
  }
  const std::string name = amd::enum_value_name(*amd::find_field(*info, "FORMAT"), f.format);
  uint32_t bits = 0, number = 0;
  for (char c : name + "_") {
    if (c >= '0' && c <= '9') {
      number = number * 10 + uint32_t(c - '0');
    } else {
      bits += number;
      number = 0;
    }
  }
  if (bits == 0 || bits % 8) return Error{"cannot size " + name};
  f.bytes_per_element = bits / 8;
  return f;
}

Result<amd::SurfaceTemplate> template_option(const EncodeArgs& args);
Result<uint32_t> u32_option(const EncodeArgs& args, const std::string& name, std::optional<uint64_t> fallback);

// --tile-swizzle: radeon_surf::tile_swizzle, the per-screen XOR ac_surface would give the surface.
Result<uint32_t> tile_swizzle_option(const EncodeArgs& args) { return u32_option(args, "tile-swizzle", 0); }

// A texture laid out as radeonsi would (compute_surface) at --va or a fresh address, and the
// --level whose CB/DB registers are wanted (all of its layers bound).
struct BoundLevel {
  amd::Texture texture;
  uint32_t level = 0, layers = 1;
};

Result<BoundLevel> bound_level(const EncodeArgs& args, const amd::Chip& chip, amd::pm4::ShadowStream& stream) {
  Result<amd::SurfaceTemplate> t = template_option(args);
  if (!t) return Error{t.error()};
  Result<amd::Surface> surface = amd::compute_surface(chip, *t);
  if (!surface) return Error{surface.error()};
  Result<uint64_t> va = args.has("va") ? args.number("va")
                                      : stream.va().allocate(surface->allocation_size, surface->allocation_alignment);
  if (!va) return Error{va.error()};
  Result<amd::Texture> tex = amd::create_texture(chip, *t, *va);
  if (!tex) return Error{tex.error()};
  Result<uint64_t> level = args.number("level", 0);
  if (!level) return Error{level.error()};
  if (*level >= t->levels) return Error{"--level " + std::to_string(*level) + " beyond the texture's levels"};
  BoundLevel b{*tex, static_cast<uint32_t>(*level), t->array_size};
  if (t->target == amd::TextureTarget::TEXTURE_3D) b.layers = std::max(1u, t->depth >> b.level);
  return b;
}

// CB_COLORn_* of a level of a texture in its real legacy layout (2D/1D/linear as radeonsi lays
// it out, mipmapped and multisampled surfaces, the texture's CMASK slice).
Result<EncodeOutput> encode_cb_from_layout(const EncodeArgs& args, const amd::Chip& chip) {
  Result<uint64_t> index = args.number("index", 0);
  if (!index) return Error{index.error()};
  amd::pm4::ShadowStream stream(chip);
  Result<BoundLevel> b = bound_level(args, chip, stream);
  if (!b) return Error{b.error()};
  Result<uint32_t> tile_swizzle = tile_swizzle_option(args);
  if (!tile_swizzle) return Error{tile_swizzle.error()};
  Result<uint32_t> fmask_swizzle = u32_option(args, "fmask-tile-swizzle", 0);
  if (!fmask_swizzle) return Error{fmask_swizzle.error()};
  amd::Texture texture = b->texture;
  texture.tile_swizzle = *tile_swizzle;
  texture.fmask_tile_swizzle = *fmask_swizzle;
  Result<amd::ColorSurface> s = amd::color_surface_from_texture(chip, texture, b->level, 0, b->layers - 1);
  if (!s) return Error{s.error()};
  Result<amd::ColorBufferRegisters> regs = amd::encode_color_buffer(chip, *s);
  if (!regs) return Error{regs.error()};
  amd::Status st = amd::emit_color_buffer(stream, static_cast<unsigned>(*index), *regs);
  if (!st) return Error{st.error()};
  return EncodeOutput{chip.gfx_level, {stream.dwords().begin(), stream.dwords().end()}};
}

Result<EncodeOutput> encode_db_from_layout(const EncodeArgs& args, const amd::Chip& chip) {
  amd::pm4::ShadowStream stream(chip);
  Result<BoundLevel> b = bound_level(args, chip, stream);
  if (!b) return Error{b.error()};
  Result<amd::DepthSurface> s = amd::depth_surface_from_texture(chip, b->texture, b->level, 0, b->layers - 1);
  if (!s) return Error{s.error()};
  Result<amd::DepthBufferRegisters> regs = amd::encode_depth_buffer(chip, *s);
  if (!regs) return Error{regs.error()};
  amd::Status st = amd::emit_depth_buffer(stream, *regs);
  if (!st) return Error{st.error()};
  return EncodeOutput{chip.gfx_level, {stream.dwords().begin(), stream.dwords().end()}};
}

Result<EncodeOutput> encode_cb(const EncodeArgs& args) {
  Result<const amd::Chip*> chip = args.chip();
  if (!chip) return Error{chip.error()};
  // A real format without a hand-given pitch or tile index: the real layout.
  if (args.has("format") && !args.has("pitch") && !args.has("tile-index"))
    return encode_cb_from_layout(args, **chip);
  if ((*chip)->gfx_level >= amd::GfxLevel::GFX9)
    return Error{"on GFX9 the colour buffer comes from a texture layout: give --format (no --pitch/--tile-index)"};
  Result<amd::CbFormat> format = Error{""};
  if (args.has("format")) {
    Result<const formats::FormatDesc*> desc = args.format();
    if (!desc) return Error{desc.error()};
    format = amd::cb_format(**desc);
  } else {
    format = explicit_cb_format(args, **chip);
  }
  if (!format) return Error{format.error()};
  Result<uint64_t> width = args.number("width"), height = args.number("height");
  if (!width) return Error{width.error()};
  if (!height) return Error{height.error()};
  if (*width == 0 || *height == 0 || *width > (*chip)->max_dimension || *height > (*chip)->max_dimension)
    return Error{"size " + std::to_string(*width) + "x" + std::to_string(*height) + " outside 1.." +
                 std::to_string((*chip)->max_dimension) + " on " + (*chip)->name};
  Result<uint64_t> layers = args.number("layers", 1), index = args.number("index", 0),
                   tile = args.number("tile-index", 13);
  if (!layers) return Error{layers.error()};
  if (!index) return Error{index.error()};
  if (!tile) return Error{tile.error()};
  if (*layers == 0 || *layers > 2048) return Error{"--layers must be 1..2048"};
  amd::pm4::ShadowStream stream(**chip);
  const uint32_t pitch = padded_pitch_1d(**chip, uint32_t(*width), format->bytes_per_element);
  Result<uint64_t> nblk_x = args.number("pitch", pitch);
  if (!nblk_x) return Error{nblk_x.error()};
  const uint32_t nblk_y = (uint32_t(*height) + 7) / 8 * 8;
  const uint64_t size = *nblk_x * nblk_y * format->bytes_per_element * *layers;
  Result<uint64_t> va = args.has("va") ? args.number("va") : stream.va().allocate(size, 256);
  if (!va) return Error{va.error()};

  amd::ColorSurface s;
  s.format = *format;
  s.va = *va;
  s.nblk_x = static_cast<uint32_t>(*nblk_x);
  s.nblk_y = nblk_y;
  s.tile_mode_index = static_cast<uint32_t>(*tile);
  s.last_layer = static_cast<uint32_t>(*layers - 1);
  s.cmask_slice_tile_max = amd::cmask_slice_tile_max(**chip, s.nblk_x, s.nblk_y);
  Result<amd::ColorBufferRegisters> regs = amd::encode_color_buffer(**chip, s);
  if (!regs) return Error{regs.error()};
  amd::Status st = amd::emit_color_buffer(stream, static_cast<unsigned>(*index), *regs);
  if (!st) return Error{st.error()};
  return EncodeOutput{(*chip)->gfx_level, {stream.dwords().begin(), stream.dwords().end()}};
}

Result<EncodeOutput> encode_db(const EncodeArgs& args) {
  Result<const amd::Chip*> chip_result = args.chip();
  if (!chip_result) return Error{chip_result.error()};
  amd::Chip chip = **chip_result;
  Result<const formats::FormatDesc*> desc = args.format();
  if (!desc) return Error{desc.error()};
  const uint32_t z_format = amd::translate_dbformat(**desc);
  if (z_format == amd::regs::ZFormat::Z_INVALID)
    return Error{std::string("format ") + (*desc)->name + " cannot be a GCN depth buffer"};
  // Without hand-given tiling: the real layout.
  if (!args.has("tile-index") && !args.has("tile-mode") && !args.has("macrotile-mode") && !args.has("macro-index"))
    return encode_db_from_layout(args, chip);
  if (chip.gfx_level >= amd::GfxLevel::GFX9) return Error{"GFX9 has no tile indices or tile modes (swizzle modes)"};
  Result<uint64_t> width = args.number("width"), height = args.number("height");
  if (!width) return Error{width.error()};
  if (!height) return Error{height.error()};
  if (*width == 0 || *height == 0 || *width > chip.max_dimension || *height > chip.max_dimension)
    return Error{"size " + std::to_string(*width) + "x" + std::to_string(*height) + " outside 1.." +
                 std::to_string(chip.max_dimension) + " on " + chip.name};
  const bool gfx6 = chip.gfx_level == amd::GfxLevel::GFX6;
  // 1D-tiled depth: GB_TILE_MODE4 on GFX6, GB_TILE_MODE5 in the GFX7+ kernel tables.
  Result<uint64_t> tile = args.number("tile-index", gfx6 ? 4 : 5), layers = args.number("layers", 1);
  if (!tile) return Error{tile.error()};
  if (!layers) return Error{layers.error()};
  if (*layers == 0 || *layers > 2048) return Error{"--layers must be 1..2048"};
  // GFX7+ programs the tiling itself: take the GB_TILE_MODE / GB_MACROTILE_MODE dwords explicitly
  // when the chip table has none.
  std::vector<uint32_t> tile_modes(32, 0), macro_modes(16, 0);
  if (!gfx6 && (args.has("tile-mode") || args.has("macrotile-mode"))) {
    Result<uint64_t> tm = args.number("tile-mode"), mm = args.number("macrotile-mode");
    if (!tm) return Error{tm.error()};
    if (!mm) return Error{mm.error()};
    if (*tile >= 32) return Error{"--tile-index must be 0..31"};
    tile_modes[*tile] = static_cast<uint32_t>(*tm);
    macro_modes[0] = static_cast<uint32_t>(*mm);
    chip.tile_mode_array = tile_modes;
    chip.macrotile_mode_array = macro_modes;
  }
  amd::pm4::ShadowStream stream(chip);
  const uint32_t bpe = (*desc)->block_bits / 8;
  const uint32_t nblk_x = padded_pitch_1d(chip, uint32_t(*width), bpe > 4 ? 4 : bpe);
  const uint32_t nblk_y = (uint32_t(*height) + 7) / 8 * 8;
  Result<uint64_t> va = args.has("va") ? args.number("va")
                                       : stream.va().allocate(uint64_t(nblk_x) * nblk_y * bpe * *layers, 256);
  if (!va) return Error{va.error()};
  amd::DepthSurface s;
  s.z_format = z_format;
  s.has_stencil = (*desc)->is_stencil;
  s.va = *va;
  // Separate stencil plane after the depth plane (legacy layout keeps them apart).
  s.stencil_level_offset = s.has_stencil ? (uint64_t(nblk_x) * nblk_y * (bpe > 4 ? 4 : bpe) * *layers + 255) / 256 * 256 : 0;
  s.nblk_x = nblk_x;
  s.nblk_y = nblk_y;
  s.tile_mode_index = s.stencil_tile_mode_index = static_cast<uint32_t>(*tile);
  if (!gfx6 && *tile < chip.tile_mode_array.size()) {
    // cik_get_macro_tile_index: the macrotile entry of a tile of min(tile split, 8x8 elements) bytes.
    const uint32_t split = 64u << amd::regs::GB_TILE_MODEn_GFX7::TILE_SPLIT.decode(chip.tile_mode_array[*tile]);
    uint32_t tile_bytes = 64 * (bpe > 4 ? 4 : bpe);
    if (split < tile_bytes) tile_bytes = split;
    uint32_t macro = 0;
    while (tile_bytes > 64) tile_bytes >>= 1, ++macro;
    Result<uint64_t> macro_index = args.number("macro-index", macro);
    if (!macro_index) return Error{macro_index.error()};
    s.macro_tile_index = static_cast<uint32_t>(*macro_index);
  }
  s.last_layer = static_cast<uint32_t>(*layers - 1);
  Result<amd::DepthBufferRegisters> regs = amd::encode_depth_buffer(chip, s);
  if (!regs) return Error{regs.error()};
  amd::Status st = amd::emit_depth_buffer(stream, *regs);
  if (!st) return Error{st.error()};
  return EncodeOutput{chip.gfx_level, {stream.dwords().begin(), stream.dwords().end()}};
}


// ---------------------------------------------------------------- descriptors (encode texture|buffer|sampler)

Result<double> real_option(const EncodeArgs& args, const std::string& name, double fallback) {
  if (!args.has(name)) return fallback;
  Result<std::string> s = args.text(name);
  char* end = nullptr;
  const double v = std::strtod(s->c_str(), &end);
  if (s->empty() || *end != '\0') return Error{"--" + name + " '" + *s + "' is not a number"};
  return v;
}

// --swizzle: four of r g b a / x y z w / 0 1, e.g. "rgba", "rrr1", "zyxw".
Result<std::array<formats::Swizzle, 4>> swizzle_option(const EncodeArgs& args) {
  std::array<formats::Swizzle, 4> out = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z,
                                         formats::Swizzle::W};
  if (!args.has("swizzle")) return out;
  const std::string s = *args.text("swizzle");
  if (s.size() != 4) return Error{"--swizzle takes four characters of rgba/xyzw/01, got '" + s + "'"};
  for (int i = 0; i < 4; ++i) {
    switch (s[i]) {
      case 'r': case 'x': out[i] = formats::Swizzle::X; break;
      case 'g': case 'y': out[i] = formats::Swizzle::Y; break;
      case 'b': case 'z': out[i] = formats::Swizzle::Z; break;
      case 'a': case 'w': out[i] = formats::Swizzle::W; break;
      case '0': out[i] = formats::Swizzle::ZERO; break;
      case '1': out[i] = formats::Swizzle::ONE; break;
      default: return Error{"--swizzle character '" + std::string(1, s[i]) + "' is not one of rgba xyzw 01"};
    }
  }
  return out;
}

Result<uint32_t> u32_option(const EncodeArgs& args, const std::string& name, std::optional<uint64_t> fallback) {
  Result<uint64_t> v = args.number(name, fallback);
  if (!v) return Error{v.error()};
  if (*v > 0xffffffffu) return Error{"--" + name + " is too large"};
  return static_cast<uint32_t>(*v);
}

Result<amd::TextureTarget> target_option(const EncodeArgs& args, const std::string& name, amd::TextureTarget fallback) {
  if (!args.has(name)) return fallback;
  const std::string text = *args.text(name);
  amd::TextureTarget target;
  if (!amd::parse_texture_target(text, &target) || target == amd::TextureTarget::BUFFER)
    return Error{"unknown --" + name + " '" + text + "' (1d 2d 3d cube rect 1d_array 2d_array cube_array)"};
  return target;
}

// The resource template (pipe_resource) of --format --target --width --height --depth --levels
// --layers --samples, checked for the target's shape.
Result<amd::SurfaceTemplate> template_option(const EncodeArgs& args) {
  Result<const formats::FormatDesc*> desc = args.format();
  if (!desc) return Error{desc.error()};
  amd::SurfaceTemplate t;
  t.format = (*desc)->format;
  Result<amd::TextureTarget> target = target_option(args, "target", amd::TextureTarget::TEXTURE_2D);
  if (!target) return Error{target.error()};
  t.target = *target;
  const bool cube = t.target == amd::TextureTarget::TEXTURE_CUBE || t.target == amd::TextureTarget::TEXTURE_CUBE_ARRAY;
  Result<uint32_t> width = u32_option(args, "width", std::nullopt);
  Result<uint32_t> height = u32_option(args, "height", 1);
  Result<uint32_t> depth = u32_option(args, "depth", 1);
  Result<uint32_t> levels = u32_option(args, "levels", 1);
  Result<uint32_t> layers = u32_option(args, "layers", cube ? 6 : 1);
  Result<uint32_t> samples = u32_option(args, "samples", 1);
  for (const auto* r : {&width, &height, &depth, &levels, &layers, &samples})
    if (!*r) return Error{r->error()};
  t.width = *width;
  t.height = *height;
  t.depth = *depth;
  t.levels = *levels;
  t.array_size = *layers;
  t.samples = *samples;
  if (t.target == amd::TextureTarget::TEXTURE_1D || t.target == amd::TextureTarget::TEXTURE_1D_ARRAY) {
    if (t.height != 1) return Error{"1D targets have --height 1"};
  }
  if (t.target != amd::TextureTarget::TEXTURE_3D && t.depth != 1) return Error{"--depth applies to 3d only"};
  if ((t.target == amd::TextureTarget::TEXTURE_1D || t.target == amd::TextureTarget::TEXTURE_2D ||
       t.target == amd::TextureTarget::TEXTURE_3D || t.target == amd::TextureTarget::TEXTURE_RECT) &&
      t.array_size != 1)
    return Error{"--layers applies to array and cube targets only"};
  return t;
}

// SQ_IMG_RSRC_WORD0-7 of a radeonsi sampler view of a texture laid out for the chip: the whole
// texture by default; --view-format, --view-target, --first-level/--last-level and
// --first-layer/--last-layer narrow it as pipe_sampler_view does.
Result<EncodeOutput> encode_texture(const EncodeArgs& args) {
  Result<const amd::Chip*> chip = args.chip();
  if (!chip) return Error{chip.error()};
  Result<amd::SurfaceTemplate> t = template_option(args);
  if (!t) return Error{t.error()};
  Result<uint64_t> va = args.number("va", 0x100000000ull);
  if (!va) return Error{va.error()};
  const formats::FormatDesc& desc = formats::describe(t->format);
  if (!amd::is_format_supported(**chip, t->format, t->target, t->samples, amd::USAGE_SAMPLER_VIEW))
    return Error{std::string("format ") + desc.name + " cannot be sampled on " + (*chip)->name + " as a " +
                 amd::texture_target_name(t->target) + " texture"};
  Result<std::array<formats::Swizzle, 4>> swizzle = swizzle_option(args);
  if (!swizzle) return Error{swizzle.error()};
  Result<amd::Texture> laid_out = amd::create_texture(**chip, *t, *va);
  if (!laid_out) return Error{laid_out.error()};
  amd::Texture tex = *laid_out;
  Result<uint32_t> tile_swizzle = tile_swizzle_option(args);
  if (!tile_swizzle) return Error{tile_swizzle.error()};
  tex.tile_swizzle = *tile_swizzle;
  amd::SamplerView view = amd::default_sampler_view(tex);
  for (int i = 0; i < 4; ++i) view.swizzle[i] = (*swizzle)[i];
  if (args.has("view-format")) {
    const std::string name = *args.text("view-format");
    const formats::FormatDesc* vd = formats::find_format(name);
    if (!vd) return Error{"unknown --view-format '" + name + "'"};
    view.format = vd->format;
  }
  Result<amd::TextureTarget> view_target = target_option(args, "view-target", view.target);
  if (!view_target) return Error{view_target.error()};
  view.target = *view_target;
  Result<uint32_t> first_level = u32_option(args, "first-level", view.first_level);
  Result<uint32_t> last_level = u32_option(args, "last-level", view.last_level);
  Result<uint32_t> first_layer = u32_option(args, "first-layer", view.first_layer);
  Result<uint32_t> last_layer = u32_option(args, "last-layer", view.last_layer);
  for (const auto* r : {&first_level, &last_level, &first_layer, &last_layer})
    if (!*r) return Error{r->error()};
  view.first_level = *first_level;
  view.last_level = *last_level;
  view.first_layer = *first_layer;
  view.last_layer = *last_layer;
  // --fmask on: the view's FMASK descriptor (si_make_texture_descriptor's fmask_state) instead.
  bool fmask = false;
  if (args.has("fmask")) {
    const std::string v = *args.text("fmask");
    if (v != "on" && v != "off") return Error{"--fmask is on or off"};
    fmask = v == "on";
  }
  Result<uint32_t> fmask_swizzle = u32_option(args, "fmask-tile-swizzle", 0);
  if (!fmask_swizzle) return Error{fmask_swizzle.error()};
  tex.fmask_tile_swizzle = *fmask_swizzle;
  Result<amd::ImageDescriptor> words =
      fmask ? amd::make_fmask_descriptor(**chip, tex, view) : amd::make_texture_descriptor(**chip, tex, view);
  if (!words) return Error{words.error()};
  return EncodeOutput{(*chip)->gfx_level, {words->begin(), words->end()}, "SQ_IMG_RSRC"};
}

// SQ_BUF_RSRC_WORD0-3: typed with --format (--width elements), raw without (--width bytes).
Result<EncodeOutput> encode_buffer(const EncodeArgs& args) {
  Result<const amd::Chip*> chip = args.chip();
  if (!chip) return Error{chip.error()};
  Result<uint32_t> width = u32_option(args, "width", std::nullopt);
  if (!width) return Error{width.error()};
  Result<uint64_t> va = args.number("va", 0x100000000ull);
  if (!va) return Error{va.error()};
  Result<amd::BufferDescriptor> words = Error{""};
  if (args.has("format")) {
    Result<const formats::FormatDesc*> desc = args.format();
    if (!desc) return Error{desc.error()};
    const uint64_t size = uint64_t(*width) * ((*desc)->block_bits / 8);
    words = amd::make_buffer_descriptor(**chip, amd::BufferView{*va, size, 0, size, (*desc)->format});
  } else {
    words = amd::make_raw_buffer_descriptor(**chip, *va, *width);
  }
  if (!words) return Error{words.error()};
  return EncodeOutput{(*chip)->gfx_level, {words->begin(), words->end()}, "SQ_BUF_RSRC"};
}

// SQ_IMG_SAMP_WORD0-3 from GL-style sampler state.
Result<EncodeOutput> encode_sampler(const EncodeArgs& args) {
  Result<const amd::Chip*> chip = args.chip();
  if (!chip) return Error{chip.error()};
  amd::SamplerState s;
  static const std::pair<const char*, amd::WrapMode> kWraps[] = {
      {"repeat", amd::WrapMode::REPEAT}, {"clamp", amd::WrapMode::CLAMP},
      {"clamp_to_edge", amd::WrapMode::CLAMP_TO_EDGE}, {"clamp_to_border", amd::WrapMode::CLAMP_TO_BORDER},
      {"mirrored_repeat", amd::WrapMode::MIRROR_REPEAT}, {"mirror_clamp", amd::WrapMode::MIRROR_CLAMP},
      {"mirror_clamp_to_edge", amd::WrapMode::MIRROR_CLAMP_TO_EDGE},
      {"mirror_clamp_to_border", amd::WrapMode::MIRROR_CLAMP_TO_BORDER}};
  if (args.has("wrap")) {
    const std::string w = *args.text("wrap");
    bool found = false;
    for (auto [name, mode] : kWraps)
      if (w == name) {
        s.wrap_s = s.wrap_t = s.wrap_r = mode;
        found = true;
      }
    if (!found) return Error{"unknown --wrap '" + w + "'"};
  }
  if (args.has("filter")) {
    const std::string f = *args.text("filter");
    if (f != "nearest" && f != "linear") return Error{"--filter is nearest or linear"};
    s.min_filter = s.mag_filter = f == "linear" ? amd::Filter::LINEAR : amd::Filter::NEAREST;
  }
  if (args.has("mip-filter")) {
    const std::string f = *args.text("mip-filter");
    if (f == "none") s.mip_filter = amd::MipFilter::NONE;
    else if (f == "nearest") s.mip_filter = amd::MipFilter::NEAREST;
    else if (f == "linear") s.mip_filter = amd::MipFilter::LINEAR;
    else return Error{"--mip-filter is none, nearest or linear"};
  }
  if (args.has("compare")) {
    static const char* kFuncs[] = {"never", "less", "equal", "lequal", "greater", "notequal", "gequal", "always"};
    const std::string f = *args.text("compare");
    bool found = false;
    for (int i = 0; i < 8; ++i)
      if (f == kFuncs[i]) {
        s.compare_enable = true;
        s.compare_func = static_cast<amd::CompareFunc>(i);
        found = true;
      }
    if (!found) return Error{"unknown --compare '" + f + "'"};
  }
  Result<uint32_t> aniso = u32_option(args, "aniso", 0);
  if (!aniso) return Error{aniso.error()};
  s.max_anisotropy = *aniso;
  Result<double> min_lod = real_option(args, "min-lod", 0), max_lod = real_option(args, "max-lod", 1000),
                 bias = real_option(args, "lod-bias", 0);
  for (const auto* r : {&min_lod, &max_lod, &bias})
    if (!*r) return Error{r->error()};
  s.min_lod = static_cast<float>(*min_lod);
  s.max_lod = static_cast<float>(*max_lod);
  s.lod_bias = static_cast<float>(*bias);
  if (args.has("border")) {
    const std::string b = *args.text("border");
    float c[4];
    char tail = 0;
    if (std::sscanf(b.c_str(), "%f,%f,%f,%f%c", &c[0], &c[1], &c[2], &c[3], &tail) != 4)
      return Error{"--border takes R,G,B,A"};
    for (int i = 0; i < 4; ++i) s.border_color[i] = c[i];
  }
  Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(**chip, s);
  if (!words) return Error{words.error()};
  return EncodeOutput{(*chip)->gfx_level, {words->begin(), words->end()}, "SQ_IMG_SAMP"};
}

struct Encoder {
  std::string_view kind;
  std::string_view summary;
  Result<EncodeOutput> (*run)(const EncodeArgs&);
};

constexpr Encoder kEncoders[] = {
    {"cb", "colour buffer CB_COLORn_* (--format F | --cb-format COLOR_* --number-type NUMBER_* --swap SWAP_*; "
           "--width --height [--va --tile-index --pitch --layers --index --level --samples --tile-swizzle "
           "--fmask-tile-swizzle]; MSAA targets bind their FMASK and CMASK)",
     encode_cb},
    {"db", "depth buffer DB_* (--format --width --height [--va --tile-index --macro-index --layers]; "
           "--tile-mode/--macrotile-mode dwords for chips without tile tables)",
     encode_db},
    {"texture", "image descriptor SQ_IMG_RSRC_WORD0-7 (--format --width [--height --depth --target --levels "
                "--layers --samples --swizzle --va --view-format --view-target --first-level --last-level "
                "--first-layer --last-layer --tile-swizzle --fmask on|off --fmask-tile-swizzle])",
     encode_texture},
    {"buffer", "buffer descriptor SQ_BUF_RSRC_WORD0-3 (--width elements with --format, bytes without (raw); [--va])",
     encode_buffer},
    {"sampler", "sampler descriptor SQ_IMG_SAMP_WORD0-3 ([--wrap --filter --mip-filter --aniso --compare "
                "--min-lod --max-lod --lod-bias --border R,G,B,A])",
     encode_sampler},
};

int error(const std::string& message) {
  std::fprintf(stderr, "glvk amd: %s\n", message.c_str());
  return 1;
}

int usage() {
  std::fprintf(stderr,
               "usage: glvk amd encode KIND [options] [--raw]\n"
               "       glvk amd decode --chip CHIP [FILE]\n"
               "       glvk amd shadow FILE\n"
               "       glvk amd chips\n"
               "       glvk amd surface --format F --width W [--chip --target --height --depth --levels --layers "
               "--samples --dcc on|off --json]\n"
               "       glvk amd compare [--chip CHIP] [--all]\n"
               "       glvk amd caps [--chip CHIP] [--against-device] [--all]\n"
               "encode kinds:\n");
  for (const Encoder& e : kEncoders)
    std::fprintf(stderr, "  %-8.*s %.*s\n", int(e.kind.size()), e.kind.data(), int(e.summary.size()), e.summary.data());
  return 2;
}

int run_encode(Args args) {
  if (args.empty()) return usage();
  const Encoder* encoder = nullptr;
  for (const Encoder& e : kEncoders)
    if (e.kind == args[0]) encoder = &e;
  if (!encoder) return error("unknown encode kind '" + std::string(args[0]) + "'");
  Result<EncodeArgs> parsed = EncodeArgs::parse(args.subspan(1));
  if (!parsed) return error(parsed.error());
  if (parsed->json()) return error("encode prints text or --raw, not --json");
  Result<EncodeOutput> out = encoder->run(*parsed);
  if (!out) return error(out.error());
  for (const std::string& name : parsed->unused()) return error("option --" + name + " does not apply to " + std::string(encoder->kind));
  std::string text;
  if (parsed->raw()) {
    char buf[16];
    for (uint32_t d : out->dwords) {
      std::snprintf(buf, sizeof buf, "%08x\n", d);
      text += buf;
    }
  } else if (out->descriptor_prefix) {
    for (size_t i = 0; i < out->dwords.size(); ++i) {
      const std::string name = std::string(out->descriptor_prefix) + "_WORD" + std::to_string(i);
      const amd::regs::RegisterDesc* reg = amd::find_register(name, out->gfx_level);
      if (!reg) return error("register database has no " + name);
      text += amd::format_dword(*reg, out->dwords[i], out->gfx_level);
    }
  } else {
    Result<std::string> printed = amd::print_ib(out->dwords, out->gfx_level);
    if (!printed) return error(printed.error());
    text = *printed;
  }
  std::fputs(text.c_str(), stdout);
  return 0;
}

Result<std::vector<uint32_t>> read_dwords(std::FILE* f, const std::string& what) {
  std::vector<unsigned char> bytes;
  unsigned char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.insert(bytes.end(), buf, buf + n);
  if (std::ferror(f)) return Error{"cannot read " + what};
  if (bytes.size() % 4) return Error{what + " is " + std::to_string(bytes.size()) + " bytes, not whole dwords"};
  std::vector<uint32_t> dwords(bytes.size() / 4);
  for (size_t i = 0; i < dwords.size(); ++i)
    dwords[i] = uint32_t(bytes[4 * i]) | uint32_t(bytes[4 * i + 1]) << 8 | uint32_t(bytes[4 * i + 2]) << 16 |
                uint32_t(bytes[4 * i + 3]) << 24;
  return dwords;
}

int run_decode(Args args) {
  std::string chip_name, path;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--chip" && i + 1 < args.size()) {
      chip_name = std::string(args[++i]);
    } else if (args[i].substr(0, 2) != "--" && path.empty()) {
      path = std::string(args[i]);
    } else {
      return error("decode: unexpected argument '" + std::string(args[i]) + "'");
    }
  }
  if (chip_name.empty()) return error("decode needs --chip CHIP");
  const amd::Chip* chip = amd::find_chip(chip_name);
  if (!chip) return error("unknown chip '" + chip_name + "' (see glvk amd chips)");
  Result<std::vector<uint32_t>> dwords = Error{""};
  if (path.empty()) {
    dwords = read_dwords(stdin, "standard input");
  } else {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return error("cannot open " + path);
    dwords = read_dwords(f, path);
    std::fclose(f);
  }
  if (!dwords) return error(dwords.error());
  Result<std::string> printed = amd::print_ib(*dwords, chip->gfx_level);
  if (!printed) return error(printed.error());
  std::fputs(printed->c_str(), stdout);
  return 0;
}

int run_shadow(Args args) {
  if (args.size() != 1) return error("usage: glvk amd shadow FILE");
  Result<amd::pm4::ShadowFile> file = amd::pm4::ShadowStream::read_file(std::string(args[0]));
  if (!file) return error(file.error());
  Result<std::string> printed = amd::print_ib(file->dwords, file->gfx_level);
  if (!printed) return error(printed.error());
  std::printf("# shadow stream: chip %s (%s), %zu dwords\n", file->chip_name.c_str(),
              amd::gfx_level_name(file->gfx_level), file->dwords.size());
  std::fputs(printed->c_str(), stdout);
  return 0;
}

// glvk amd surface: the layout radeonsi's ac_surface/addrlib path gives a resource, level by
// level (GFX6-8 legacy tiling, GFX9 swizzle modes), as text or JSON (--json).
void print_levels_text(const char* plane, const std::vector<amd::SurfaceLevel>& levels) {
  std::printf("%s levels:\n  %-5s %-12s %-12s %-6s %-6s %-6s %-7s %-15s %s\n", plane, "level", "offset", "slice_size",
              "pitch", "nblk_x", "nblk_y", "slices", "mode", "tile_index");
  for (size_t l = 0; l < levels.size(); ++l) {
    const amd::SurfaceLevel& lv = levels[l];
    std::printf("  %-5zu %-12llu %-12llu %-6u %-6u %-6u %-7u %-15s %u\n", l, static_cast<unsigned long long>(lv.offset),
                static_cast<unsigned long long>(lv.slice_size), lv.pitch, lv.nblk_x, lv.nblk_y, lv.nslices,
                amd::surface_mode_name(lv.mode), lv.tile_mode_index);
  }
}

void print_macro_text(const char* plane, const amd::MacroTileInfo& m) {
  std::printf("%s macro tile: %ux%u elements, %u pipes (PIPE_CONFIG %u), bank width %u, bank height %u, "
              "aspect %u, %u banks, tile split %u bytes, GB_MACROTILE_MODE%u\n",
              plane, m.width, m.height, m.num_pipes, m.pipe_config, m.bank_width, m.bank_height, m.macro_aspect,
              m.num_banks, m.tile_split_bytes, m.macro_tile_index);
}

void write_levels_json(JsonWriter& j, const std::vector<amd::SurfaceLevel>& levels) {
  j.begin_array();
  for (const amd::SurfaceLevel& lv : levels) {
    j.begin_object();
    j.key("offset").value(lv.offset).key("slice_size").value(lv.slice_size).key("pitch").value(lv.pitch);
    j.key("nblk_x").value(lv.nblk_x).key("nblk_y").value(lv.nblk_y).key("slices").value(lv.nslices);
    j.key("mode").value(amd::surface_mode_name(lv.mode)).key("tile_index").value(lv.tile_mode_index);
    j.end_object();
  }
  j.end_array();
}

void write_macro_json(JsonWriter& j, const amd::MacroTileInfo& m) {
  j.begin_object();
  j.key("width").value(m.width).key("height").value(m.height).key("pipes").value(m.num_pipes);
  j.key("pipe_config").value(m.pipe_config).key("bank_width").value(m.bank_width);
  j.key("bank_height").value(m.bank_height).key("macro_aspect").value(m.macro_aspect);
  j.key("banks").value(m.num_banks).key("tile_split_bytes").value(m.tile_split_bytes);
  j.key("macro_tile_index").value(m.macro_tile_index);
  j.end_object();
}

// FMASK, CMASK, HTILE and DCC, each only when the surface has it (size > 0); an MSAA surface's FMASK
// and CMASK with their offsets in the texture's buffer and the buffer's size.
void write_metadata_json(JsonWriter& j, const amd::Surface& s, bool gfx9) {
  if (s.fmask.size) {
    const amd::FmaskInfo& f = s.fmask;
    j.key("allocation_size").value(s.allocation_size).key("allocation_alignment").value(s.allocation_alignment);
    j.key("fmask").begin_object().key("offset").value(f.offset).key("size").value(f.size);
    j.key("slice_size").value(f.slice_size).key("alignment").value(f.alignment).key("bpe").value(f.bpe);
    j.key("pitch").value(f.pitch).key("height").value(f.height).key("slices").value(f.slices);
    if (gfx9) {
      j.key("swizzle_mode").value(amd::swizzle_mode_name(f.swizzle_mode)).key("epitch").value(f.epitch);
    } else {
      j.key("tile_index").value(f.tile_mode_index).key("bank_height").value(f.bank_height);
      j.key("pitch_tile_max").value(f.pitch / 8 - 1).key("slice_tile_max").value(f.slice_tile_max);
      write_macro_json(j.key("macro"), f.macro);
    }
    j.end_object();
  }
  if (s.cmask.size) {
    j.key("cmask").begin_object().key("size").value(s.cmask.size).key("slice_size").value(s.cmask.slice_size);
    j.key("alignment").value(s.cmask.alignment).key("slice_tile_max").value(s.cmask.slice_tile_max);
    if (s.fmask.size) j.key("offset").value(s.cmask.offset);
    j.end_object();
  }
  if (s.htile.size) {
    j.key("htile").begin_object().key("size").value(s.htile.size).key("slice_size").value(s.htile.slice_size);
    j.key("alignment").value(s.htile.alignment).key("pitch").value(s.htile.pitch);
    j.key("height").value(s.htile.height).end_object();
  }
  if (s.dcc.size) {
    j.key("dcc").begin_object().key("size").value(s.dcc.size).key("alignment").value(s.dcc.alignment);
    j.key("level_offsets").begin_array();
    for (uint64_t o : s.dcc.level_offset) j.value(o);
    j.end_array().end_object();
  }
}

void print_metadata_text(const amd::Surface& s, bool gfx9) {
  auto ull = [](uint64_t v) { return static_cast<unsigned long long>(v); };
  if (s.fmask.size) {
    const amd::FmaskInfo& f = s.fmask;
    std::printf("FMASK at +%llu: %llu bytes (%llu a slice), %u-byte alignment, %u bytes a pixel, %ux%u, %u slices",
                ull(f.offset), ull(f.size), ull(f.slice_size), f.alignment, f.bpe, f.pitch, f.height, f.slices);
    if (gfx9) {
      std::printf(", %s (%u), epitch %u\n", amd::swizzle_mode_name(f.swizzle_mode), f.swizzle_mode, f.epitch);
    } else {
      std::printf(", tile index %u, bank height %u, PITCH_TILE_MAX %u, SLICE_TILE_MAX %u\n", f.tile_mode_index,
                  f.bank_height, f.pitch / 8 - 1, f.slice_tile_max);
      print_macro_text("FMASK", f.macro);
    }
  }
  if (s.cmask.size) {
    std::printf("CMASK: %llu bytes (%llu a slice, SLICE_TILE_MAX %u), %u-byte alignment", ull(s.cmask.size),
                ull(s.cmask.slice_size), s.cmask.slice_tile_max, s.cmask.alignment);
    if (s.fmask.size) std::printf(", at +%llu in the texture's buffer", ull(s.cmask.offset));
    std::printf("\n");
  }
  if (s.fmask.size)
    std::printf("buffer: %llu bytes, %u-byte alignment (surface, FMASK, CMASK)\n", ull(s.allocation_size),
                s.allocation_alignment);
  if (s.htile.size)
    std::printf("HTILE: %llu bytes (%llu a slice, %ux%u pixels), %u-byte alignment\n", ull(s.htile.size),
                ull(s.htile.slice_size), s.htile.pitch, s.htile.height, s.htile.alignment);
  if (s.dcc.size) {
    std::printf("DCC: %llu bytes, %u-byte alignment", ull(s.dcc.size), s.dcc.alignment);
    if (!s.dcc.level_offset.empty()) std::printf(", levels");  // GFX8's per-level keys
    for (uint64_t o : s.dcc.level_offset) std::printf(" +%llu", ull(o));
    std::printf("\n");
  }
}

bool any_2d(const std::vector<amd::SurfaceLevel>& levels) {
  for (const amd::SurfaceLevel& lv : levels)
    if (lv.mode == amd::SurfaceMode::TILED_2D) return true;
  return false;
}

int run_surface(Args args) {
  Result<EncodeArgs> parsed = EncodeArgs::parse(args);
  if (!parsed) return error(parsed.error());
  Result<const amd::Chip*> chip = parsed->chip();
  if (!chip) return error(chip.error());
  Result<amd::SurfaceTemplate> t = template_option(*parsed);
  if (!t) return error(t.error());
  bool disable_dcc = false;
  if (parsed->has("dcc")) {  // radeonsi's "nodcc" debug option as an input
    const std::string dcc = *parsed->text("dcc");
    if (dcc != "on" && dcc != "off") return error("--dcc is on or off");
    disable_dcc = dcc == "off";
  }
  for (const std::string& name : parsed->unused()) return error("option --" + name + " does not apply to surface");
  if (parsed->raw()) return error("surface prints text or --json, not --raw");
  amd::SurfaceTemplate templ = *t;
  templ.disable_dcc = disable_dcc;
  Result<amd::Surface> s = amd::compute_surface(**chip, templ);
  if (!s) return error(s.error());
  const formats::FormatDesc& desc = formats::describe(t->format);
  if (parsed->json()) {
    JsonWriter j(stdout);
    j.begin_object();
    j.key("chip").value((*chip)->name).key("format").value(desc.name).key("target").value(amd::texture_target_name(t->target));
    j.key("width").value(t->width).key("height").value(t->height).key("depth").value(t->depth);
    j.key("layers").value(t->array_size).key("levels").value(t->levels).key("samples").value(t->samples);
    j.key("bpe").value(s->bpe).key("total_size").value(s->total_size).key("alignment").value(s->alignment);
    j.key("levels_layout");
    write_levels_json(j, s->level);
    const bool gfx9 = (*chip)->gfx_level >= amd::GfxLevel::GFX9;
    if (!gfx9 && any_2d(s->level)) write_macro_json(j.key("macro"), s->macro);
    if (!s->stencil_level.empty()) {
      j.key("stencil_levels");
      write_levels_json(j, s->stencil_level);
      if (!gfx9 && any_2d(s->stencil_level)) write_macro_json(j.key("stencil_macro"), s->stencil_macro);
    }
    if (gfx9) write_gfx9_surface_json(j.key("gfx9"), *s);
    write_metadata_json(j, *s, gfx9);
    j.end_object();
    std::printf("\n");
    return 0;
  }
  std::printf("%s %s %s %ux%ux%u, %u layers, %u levels, %u samples: %u bytes per element, %llu bytes, "
              "%u-byte alignment\n",
              (*chip)->name, desc.name, amd::texture_target_name(t->target), t->width, t->height, t->depth,
              t->array_size, t->levels, t->samples, s->bpe, static_cast<unsigned long long>(s->total_size),
              s->alignment);
  const bool gfx9 = (*chip)->gfx_level >= amd::GfxLevel::GFX9;
  print_levels_text(s->is_stencil_only ? "stencil" : s->is_depth ? "depth" : "colour", s->level);
  if (!gfx9 && any_2d(s->level)) print_macro_text("2D", s->macro);
  if (!s->stencil_level.empty()) {
    print_levels_text("stencil", s->stencil_level);
    if (!gfx9 && any_2d(s->stencil_level)) print_macro_text("stencil 2D", s->stencil_macro);
  }
  if (gfx9) print_gfx9_surface_text(*s);
  print_metadata_text(*s, gfx9);
  // Said, not left out silently: radeonsi's colour surfaces store at most 8 samples.
  if (t->samples > 8 && !s->is_depth && !s->fmask.size) std::printf("FMASK: none for more than 8 samples\n");
  return 0;
}

int run_chips() {
  for (const amd::Chip& c : amd::all_chips()) {
    std::printf("%-10s %-10s %s  %2u pipes", c.name, c.family, amd::gfx_level_name(c.gfx_level), c.num_tile_pipes);
    if (c.gb_addr_config) std::printf("  GB_ADDR_CONFIG 0x%08x", c.gb_addr_config);
    std::printf("\n");
  }
  return 0;
}

}  // namespace

int run_amd(Args args) {
  if (args.empty()) return usage();
  const std::string_view sub = args[0];
  if (sub == "encode") return run_encode(args.subspan(1));
  if (sub == "decode") return run_decode(args.subspan(1));
  if (sub == "shadow") return run_shadow(args.subspan(1));
  if (sub == "chips" && args.size() == 1) return run_chips();
  if (sub == "surface") return run_surface(args.subspan(1));
  if (sub == "compare") return run_amd_compare(args.subspan(1));
  if (sub == "caps") return run_amd_caps(args.subspan(1));
  return usage();
}

}  // namespace glvk::tools
