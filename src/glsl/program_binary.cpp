// Program binaries (GL 4.6 7.5, ARB_get_program_binary): a linked Program (SPIR-V per stage and the
// reflection) as bytes, and back. The header names the format, its version and the build, and a
// checksum covers the rest: a binary of another glvk build, a truncated or corrupted one is
// refused with a reason, never half read. Every count and index is checked before use.
#include <algorithm>
#include <cstring>
#include <limits>

#include "glvk/glsl/compiler.h"
#include "spirv_edit.h"

namespace glvk::glsl {
namespace {

constexpr char kMagic[8] = {'G', 'L', 'V', 'K', 'P', 'R', 'O', 'G'};
// 3: subroutines, 4: units from layout(binding), 5: clip distances, 6: transform feedback streams,
// 7: samplers of uniform structs (Uniform::binding_element)
constexpr std::uint32_t kFormatVersion = 7;
// Binaries are only taken back by the build that made them (the SPIR-V, the reflection's meaning
// and the lowering choices change between builds).
constexpr const char* kBuild = __DATE__ " " __TIME__;
constexpr std::size_t kHeaderBytes = sizeof(kMagic) + 4 + 8 + 8 + 8;  // magic, version, build, size, checksum

std::uint64_t fnv1a(const std::byte* data, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ std::uint64_t(data[i])) * 0x100000001b3ull;
  return h;
}

std::uint64_t build_id() {
  return fnv1a(reinterpret_cast<const std::byte*>(kBuild), std::strlen(kBuild));
}

class Writer {
 public:
  std::vector<std::byte> bytes;
  void u32(std::uint32_t v) { raw(&v, 4); }
  void u64(std::uint64_t v) { raw(&v, 8); }
  void i32(std::int32_t v) { raw(&v, 4); }
  void str(const std::string& s) { u32(std::uint32_t(s.size())); raw(s.data(), s.size()); }
  void raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    bytes.insert(bytes.end(), b, b + n);
  }
};

class Reader {
 public:
  Reader(const std::byte* data, std::size_t size) : data_(data), size_(size) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == size_; }
  std::uint32_t u32() { std::uint32_t v = 0; raw(&v, 4); return v; }
  std::uint64_t u64() { std::uint64_t v = 0; raw(&v, 8); return v; }
  std::int32_t i32() { std::int32_t v = 0; raw(&v, 4); return v; }
  bool flag() { const std::uint32_t v = u32(); if (v > 1) ok_ = false; return v == 1; }
  std::string str() {
    const std::uint32_t n = count(1);
    std::string s(n, '\0');
    raw(s.data(), n);
    return s;
  }
  // A count of elements at least `element_bytes` each: never more than the bytes left.
  std::uint32_t count(std::size_t element_bytes) {
    const std::uint32_t n = u32();
    if (std::uint64_t(n) * element_bytes > size_ - pos_) { ok_ = false; return 0; }
    return n;
  }
  void raw(void* p, std::size_t n) {
    if (n == 0) return;  // p may be an empty vector's null data()
    if (!ok_ || n > size_ - pos_) { ok_ = false; std::memset(p, 0, n); return; }
    std::memcpy(p, data_ + pos_, n);
    pos_ += n;
  }

 private:
  const std::byte* data_;
  std::size_t size_, pos_ = 0;
  bool ok_ = true;
};

void put(Writer& w, const InterfaceVariable& v) { w.str(v.name); w.u32(v.gl_type); w.u32(v.array_size); w.i32(v.location); w.u32(v.index); }
void get(Reader& r, InterfaceVariable& v) { v.name = r.str(); v.gl_type = r.u32(); v.array_size = r.u32(); v.location = r.i32(); v.index = r.u32(); }

void put(Writer& w, const Uniform& u) {
  w.str(u.name); w.u32(u.gl_type); w.u32(u.array_size); w.i32(u.block_index); w.u32(u.offset); w.u32(u.array_stride);
  w.u32(u.matrix_stride); w.u32(u.row_major); w.i32(u.location); w.i32(u.binding); w.u32(u.stages);
  w.u32(u.initial_unit); w.u32(u.unit_from_binding); w.u32(u.binding_element);
}
void get(Reader& r, Uniform& u) {
  u.name = r.str(); u.gl_type = r.u32(); u.array_size = r.u32(); u.block_index = r.i32(); u.offset = r.u32();
  u.array_stride = r.u32(); u.matrix_stride = r.u32(); u.row_major = r.flag(); u.location = r.i32(); u.binding = r.i32();
  u.stages = r.u32();
  u.initial_unit = r.u32(); u.unit_from_binding = r.flag(); u.binding_element = r.u32();
}

void put(Writer& w, const UniformBlock& b) {
  w.str(b.name); w.u32(b.size); w.u32(b.binding); w.u32(b.initial_gl_binding); w.u32(std::uint32_t(b.uniforms.size()));
  for (std::uint32_t u : b.uniforms) w.u32(u);
  w.u32(b.stages); w.u32(b.storage);
}
void get(Reader& r, UniformBlock& b) {
  b.name = r.str(); b.size = r.u32(); b.binding = r.u32(); b.initial_gl_binding = r.u32();
  b.uniforms.resize(r.count(4));
  for (std::uint32_t& u : b.uniforms) u = r.u32();
  b.stages = r.u32(); b.storage = r.flag();
}

void put(Writer& w, const Resource& x) {
  w.u32(std::uint32_t(x.kind)); w.u32(x.binding); w.u32(x.count); w.u32(x.stages); w.i32(x.uniform); w.i32(x.block);
  w.u64(x.used_elements);
}
void get(Reader& r, Resource& x) {
  const std::uint32_t kind = r.u32();
  x.kind = kind <= std::uint32_t(ResourceKind::StorageTexelBuffer) ? ResourceKind(kind) : ResourceKind::UniformBuffer;
  x.binding = r.u32(); x.count = r.u32(); x.stages = r.u32(); x.uniform = r.i32(); x.block = r.i32();
  x.used_elements = r.u64();
}

void put(Writer& w, const XfbVarying& v) {
  w.str(v.name); w.u32(v.gl_type); w.u32(v.size); w.u32(v.buffer); w.u32(v.offset); w.u32(v.stream);
}
void get(Reader& r, XfbVarying& v) {
  v.name = r.str(); v.gl_type = r.u32(); v.size = r.u32(); v.buffer = r.u32(); v.offset = r.u32(); v.stream = r.u32();
}

void put(Writer& w, const SubroutineUniform& u) {
  w.str(u.name); w.u32(u.array_size); w.u32(u.location); w.u32(std::uint32_t(u.compatible.size()));
  for (std::uint32_t c : u.compatible) w.u32(c);
  w.u32(u.selector_offset); w.u32(u.selector_stride);
}
void get(Reader& r, SubroutineUniform& u) {
  u.name = r.str(); u.array_size = r.u32(); u.location = r.u32();
  u.compatible.resize(r.count(4));
  for (std::uint32_t& c : u.compatible) c = r.u32();
  u.selector_offset = r.u32(); u.selector_stride = r.u32();
}

template <typename T>
void put_list(Writer& w, const std::vector<T>& list) {
  w.u32(std::uint32_t(list.size()));
  for (const T& item : list) put(w, item);
}
template <typename T>
void get_list(Reader& r, std::vector<T>& list) {
  list.resize(r.count(4));  // every element holds at least one word
  for (T& item : list) get(r, item);
}

void put_names(Writer& w, const std::set<std::string>& names) {
  w.u32(std::uint32_t(names.size()));
  for (const std::string& n : names) w.str(n);
}
void get_names(Reader& r, std::set<std::string>& names) {
  const std::uint32_t n = r.count(4);
  for (std::uint32_t i = 0; i < n && r.ok(); ++i) names.insert(r.str());
}

// What the draw path and the GL queries index by: every index and size within its list.
bool consistent(const Program& p) {
  constexpr std::uint32_t kLimit = 1u << 20;
  if (p.default_block_size > kLimit) return false;
  if (!p.initial_default_block.empty() && p.initial_default_block.size() != p.default_block_size) return false;
  if (p.stages >= (1u << kStageCount)) return false;
  for (std::size_t s = 0; s < kStageCount; ++s)
    if (((p.stages >> s) & 1u) != !p.spirv[s].empty()) return false;
  for (const Uniform& u : p.uniforms) {
    if (u.block_index >= std::int32_t(p.blocks.size()) || u.block_index < -1) return false;
    if (u.array_size == 0 || u.array_size > kLimit || u.location >= std::int32_t(kLimit) || u.location < -1) return false;
    if (u.block_index < 0 && u.offset != ~0u &&
        std::uint64_t(u.offset) + std::uint64_t(u.array_stride) * u.array_size > std::uint64_t(p.default_block_size) + 64)
      return false;
  }
  for (const UniformBlock& b : p.blocks)
    for (std::uint32_t u : b.uniforms)
      if (u >= p.uniforms.size()) return false;
  for (const Resource& x : p.resources) {
    if (x.uniform >= std::int32_t(p.uniforms.size()) || x.uniform < -1) return false;
    if (x.block >= std::int32_t(p.blocks.size()) || x.block < -1) return false;
    if (x.count == 0 || x.count > 4096) return false;
    // Bindings are numbered from 0 without gaps beyond a program's resources: a far one would
    // make the device allocate a binding table that large.
    if (x.binding > p.resources.size()) return false;
    // src/gl keeps a sampler uniform's units in its resource's elements.
    if (x.uniform >= 0 && x.count < p.uniforms[std::size_t(x.uniform)].array_size) return false;
  }
  // A struct member's sampler elements lie within its binding's (opaque_struct_members.h).
  for (const Uniform& u : p.uniforms) {
    if (u.binding_element == 0) continue;
    const auto r = std::find_if(p.resources.begin(), p.resources.end(),
                                [&](const Resource& x) { return std::int32_t(x.binding) == u.binding && is_sampler(x.kind); });
    if (r == p.resources.end() || std::uint64_t(u.binding_element) + u.array_size > r->count) return false;
  }
  for (const InterfaceVariable& v : p.attributes)
    if (v.array_size == 0 || v.array_size > 64 || v.location < -1 || v.location >= 64) return false;
  for (const XfbVarying& v : p.xfb_varyings)
    if (v.buffer >= kMaxXfbBuffers || v.stream >= kMaxVertexStreams) return false;
  // The GL side indexes its selection by these locations and writes selectors at these offsets.
  for (const StageSubroutines& s : p.subroutines) {
    if (s.subroutines.size() > kMaxSubroutines || s.locations > kMaxSubroutineUniformLocations) return false;
    for (const SubroutineUniform& u : s.uniforms) {
      if (u.array_size == 0 || std::uint64_t(u.location) + u.array_size > s.locations) return false;
      for (std::uint32_t c : u.compatible)
        if (c >= s.subroutines.size()) return false;
      if (u.selector_offset != ~0u && std::uint64_t(u.selector_offset) + std::uint64_t(u.selector_stride) *
                                              (u.array_size - 1) + 4 > p.default_block_size)
        return false;
    }
  }
  return true;
}

Program refused(const std::string& why) {
  Program p;
  p.log = "error: the program binary cannot be loaded: " + why + "\n";
  return p;
}

}  // namespace

std::vector<std::byte> save_program(const Program& p) {
  Writer w;
  for (const std::vector<std::uint32_t>& words : p.spirv) {
    w.u32(std::uint32_t(words.size()));
    w.raw(words.data(), words.size() * 4);
  }
  w.u32(p.stages);
  put_list(w, p.attributes);
  put_list(w, p.outputs);
  w.u32(p.builtin_color_locations);
  put_list(w, p.uniforms);
  put_list(w, p.state_uniforms);
  put_list(w, p.blocks);
  put_list(w, p.resources);
  w.u32(p.default_block_size);
  w.u32(std::uint32_t(p.initial_default_block.size()));
  w.raw(p.initial_default_block.data(), p.initial_default_block.size());
  w.u32(p.shade_model_colors);
  w.u32(p.writes_point_size);
  w.u32(p.emits_points);
  w.u32(p.clip_distances);
  for (std::uint32_t v : {p.geometry_input, p.geometry_output, p.geometry_vertices_out, p.geometry_invocations}) w.u32(v);
  for (std::uint32_t v : p.local_size) w.u32(v);
  put_list(w, p.xfb_varyings);
  for (std::uint32_t stride : p.xfb_strides) w.u32(stride);
  for (std::uint32_t v : {p.geometry_input, p.geometry_output, p.geometry_vertices_out, p.geometry_invocations,
                          p.tess_output_vertices, p.tess_mode, p.tess_spacing, p.tess_vertex_order, p.tess_point_mode})
    w.u32(v);
  for (std::size_t s = 0; s < kStageCount; ++s) {
    put_names(w, p.explicit_inputs[s]);
    put_names(w, p.explicit_outputs[s]);
  }
  for (const StageSubroutines& s : p.subroutines) {
    w.u32(std::uint32_t(s.subroutines.size()));
    for (const std::string& name : s.subroutines) w.str(name);
    put_list(w, s.uniforms);
    w.u32(s.locations);
  }
  w.str(p.log);

  Writer out;
  out.raw(kMagic, sizeof(kMagic));
  out.u32(kFormatVersion);
  out.u64(build_id());
  out.u64(w.bytes.size());
  out.u64(fnv1a(w.bytes.data(), w.bytes.size()));
  out.raw(w.bytes.data(), w.bytes.size());
  return std::move(out.bytes);
}

Program load_program(std::span<const std::byte> binary) {
  if (binary.size() < kHeaderBytes) return refused("shorter than its header");
  Reader header(binary.data(), kHeaderBytes);
  char magic[sizeof(kMagic)];
  header.raw(magic, sizeof(magic));
  if (std::memcmp(magic, kMagic, sizeof(kMagic)) != 0) return refused("not a glvk program binary");
  if (header.u32() != kFormatVersion || header.u64() != build_id()) return refused("made by another glvk build");
  const std::uint64_t size = header.u64(), checksum = header.u64();
  if (size != binary.size() - kHeaderBytes) return refused("truncated or extended");
  const std::byte* payload = binary.data() + kHeaderBytes;
  if (fnv1a(payload, std::size_t(size)) != checksum) return refused("corrupted (checksum mismatch)");

  Reader r(payload, std::size_t(size));
  Program p;
  for (std::vector<std::uint32_t>& words : p.spirv) {
    words.resize(r.count(4));
    r.raw(words.data(), words.size() * 4);
  }
  p.stages = r.u32();
  get_list(r, p.attributes);
  get_list(r, p.outputs);
  p.builtin_color_locations = r.u32();
  get_list(r, p.uniforms);
  get_list(r, p.state_uniforms);
  get_list(r, p.blocks);
  get_list(r, p.resources);
  p.default_block_size = r.u32();
  p.initial_default_block.resize(r.count(1));
  r.raw(p.initial_default_block.data(), p.initial_default_block.size());
  p.shade_model_colors = r.u32();
  p.writes_point_size = r.flag();
  p.emits_points = r.flag();
  p.clip_distances = r.u32();
  for (std::uint32_t* v : {&p.geometry_input, &p.geometry_output, &p.geometry_vertices_out, &p.geometry_invocations})
    *v = r.u32();
  for (std::uint32_t& v : p.local_size) v = r.u32();
  get_list(r, p.xfb_varyings);
  for (std::uint32_t& stride : p.xfb_strides) stride = r.u32();
  for (std::uint32_t* v : {&p.geometry_input, &p.geometry_output, &p.geometry_vertices_out, &p.geometry_invocations,
                           &p.tess_output_vertices, &p.tess_mode, &p.tess_spacing, &p.tess_vertex_order,
                           &p.tess_point_mode})
    *v = r.u32();
  for (std::size_t s = 0; s < kStageCount; ++s) {
    get_names(r, p.explicit_inputs[s]);
    get_names(r, p.explicit_outputs[s]);
  }
  for (StageSubroutines& s : p.subroutines) {
    s.subroutines.resize(r.count(4));
    for (std::string& name : s.subroutines) name = r.str();
    get_list(r, s.uniforms);
    s.locations = r.u32();
  }
  p.log = r.str();
  if (!r.ok() || !r.at_end() || !consistent(p)) return refused("malformed contents");
  for (std::size_t s = 0; s < kStageCount; ++s) {
    std::string messages;
    if (!p.spirv[s].empty() && !detail::validate_spirv(p.spirv[s], messages)) return refused("invalid SPIR-V");
  }
  p.ok = true;
  return p;
}

}  // namespace glvk::glsl
