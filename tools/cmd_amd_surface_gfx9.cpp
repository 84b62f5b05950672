#include "cmd_amd_surface_gfx9.h"

#include <cstdio>

namespace glvk::tools {

namespace {

unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }

void print_plane(const char* name, const amd::Gfx9Plane& p) {
  std::printf("%s: %s (%u), block %ux%ux%u elements, mip 0 padded to %ux%ux%u, mip chain %ux%ux%u, "
              "epitch %u (%s), %llu bytes a layer, %llu bytes, %u-byte alignment",
              name, amd::swizzle_mode_name(p.swizzle_mode), p.swizzle_mode, p.block_width, p.block_height,
              p.block_depth, p.pitch, p.height, p.slices, p.mip_chain_pitch, p.mip_chain_height, p.mip_chain_slices,
              p.epitch, p.epitch_is_height ? "chain height - 1" : "pitch - 1", ull(p.slice_size), ull(p.size),
              p.alignment);
  if (p.first_mip_in_tail < p.level.size()) std::printf(", mip tail from level %u", p.first_mip_in_tail);
  std::printf("\n  %-5s %-14s %-9s %s\n", "level", "padded", "block at", "mip tail");
  for (size_t i = 0; i < p.level.size(); ++i) {
    const amd::Gfx9Level& l = p.level[i];
    char padded[48], at[48];
    std::snprintf(padded, sizeof padded, "%ux%ux%u", l.pitch, l.height, l.depth);
    std::snprintf(at, sizeof at, "%u,%u,%u", l.start_x, l.start_y, l.start_z);
    if (l.in_tail)
      std::printf("  %-5zu %-14s %-9s +%u\n", i, padded, at, l.mip_tail_offset);
    else
      std::printf("  %-5zu %-14s %-9s -\n", i, padded, at);
  }
}

void write_plane(JsonWriter& j, const amd::Gfx9Plane& p) {
  j.begin_object();
  j.key("swizzle_mode").value(amd::swizzle_mode_name(p.swizzle_mode)).key("sw_mode").value(p.swizzle_mode);
  j.key("block").begin_array().value(p.block_width).value(p.block_height).value(p.block_depth).end_array();
  j.key("padded").begin_array().value(p.pitch).value(p.height).value(p.slices).end_array();
  j.key("mip_chain").begin_array().value(p.mip_chain_pitch).value(p.mip_chain_height).value(p.mip_chain_slices).end_array();
  j.key("epitch").value(p.epitch).key("epitch_is_height").value(p.epitch_is_height);
  j.key("slice_size").value(p.slice_size).key("size").value(p.size).key("alignment").value(p.alignment);
  j.key("first_mip_in_tail").value(p.first_mip_in_tail).key("mip_chain_in_tail").value(p.mip_chain_in_tail);
  j.key("levels").begin_array();
  for (const amd::Gfx9Level& l : p.level) {
    j.begin_object().key("padded").begin_array().value(l.pitch).value(l.height).value(l.depth).end_array();
    j.key("block_at").begin_array().value(l.start_x).value(l.start_y).value(l.start_z).end_array();
    j.key("in_tail").value(l.in_tail).key("mip_tail_offset").value(l.mip_tail_offset).end_object();
  }
  j.end_array().end_object();
}

}  // namespace

void print_gfx9_surface_text(const amd::Surface& s) {
  std::printf("GFX9 %s resource, FMASK/CMASK swizzle %s, CMASK rb/pipe aligned %d/%d\n",
              s.gfx9.resource_type == amd::regs::ResourceType::RESOURCE_3D ? "3D" : "2D",
              amd::swizzle_mode_name(s.gfx9.fmask_swizzle_mode), s.gfx9.cmask_rb_aligned, s.gfx9.cmask_pipe_aligned);
  print_plane(s.is_stencil_only ? "stencil-format plane" : s.is_depth ? "depth plane" : "colour plane", s.gfx9.surf);
  if (!s.gfx9.stencil.level.empty()) {
    char name[64];
    std::snprintf(name, sizeof name, "stencil plane at +%llu", ull(s.stencil_offset));
    print_plane(name, s.gfx9.stencil);
  }
}

void write_gfx9_surface_json(JsonWriter& j, const amd::Surface& s) {
  j.begin_object();
  j.key("resource_type").value(s.gfx9.resource_type == amd::regs::ResourceType::RESOURCE_3D ? "3d" : "2d");
  j.key("fmask_swizzle_mode").value(amd::swizzle_mode_name(s.gfx9.fmask_swizzle_mode));
  j.key("cmask_rb_aligned").value(s.gfx9.cmask_rb_aligned).key("cmask_pipe_aligned").value(s.gfx9.cmask_pipe_aligned);
  j.key("surf");
  write_plane(j, s.gfx9.surf);
  if (!s.gfx9.stencil.level.empty()) {
    j.key("stencil_offset").value(s.stencil_offset).key("stencil");
    write_plane(j, s.gfx9.stencil);
  }
  j.end_object();
}

}  // namespace glvk::tools
