#include <glvk/amd_descriptors/pm4.h>

#include <cstdio>
#include <cstring>
#include <memory>

namespace glvk::amd::pm4 {

namespace H = regs::PM4_TYPE3_HEADER;

Result<uint32_t> type3_header(uint32_t opcode, uint32_t body_dwords, bool predicate, ShaderType shader_type) {
  if (!H::OPCODE.fits(opcode)) return fail("PM4 opcode " + std::to_string(opcode) + " does not fit 8 bits");
  if (body_dwords == 0 || !H::COUNT.fits(body_dwords - 1))
    return fail("PM4 type-3 packet body of " + std::to_string(body_dwords) + " dwords (must be 1..16384)");
  return H::TYPE.encode(3) | H::COUNT.encode(body_dwords - 1) | H::OPCODE.encode(opcode) |
         H::PREDICATE.encode(predicate ? 1 : 0) | H::SHADER_TYPE.encode(static_cast<uint32_t>(shader_type));
}

uint32_t packet_type(uint32_t header) { return H::TYPE.decode(header); }

Type3Header parse_type3_header(uint32_t header) {
  return {H::OPCODE.decode(header), H::COUNT.decode(header), H::PREDICATE.decode(header) != 0,
          static_cast<ShaderType>(H::SHADER_TYPE.decode(header))};
}

namespace {

constexpr SpaceWindow kWindows[] = {
    {regs::Space::Config, 0x8000, 0xB000, regs::Opcode::SET_CONFIG_REG},
    {regs::Space::Sh, 0xB000, 0xC000, regs::Opcode::SET_SH_REG},
    {regs::Space::Context, 0x28000, 0x29000, regs::Opcode::SET_CONTEXT_REG},
    {regs::Space::Uconfig, 0x30000, 0x31000, regs::Opcode::SET_UCONFIG_REG},
};

const char* space_name(regs::Space space) {
  switch (space) {
    case regs::Space::Context: return "context";
    case regs::Space::Sh: return "sh";
    case regs::Space::Uconfig: return "uconfig";
    case regs::Space::Config: return "config";
    case regs::Space::Descriptor: return "descriptor";
    case regs::Space::Packet: return "packet";
  }
  return "?";
}

}  // namespace

const SpaceWindow* space_window(regs::Space space, GfxLevel level) {
  if (space == regs::Space::Uconfig && level < GfxLevel::GFX7) return nullptr;  // uconfig space is CIK+
  for (const SpaceWindow& w : kWindows)
    if (w.space == space) return &w;
  return nullptr;
}

const SpaceWindow* space_window_for_opcode(uint32_t opcode, GfxLevel level) {
  for (const SpaceWindow& w : kWindows)
    if (w.set_opcode == opcode) return space_window(w.space, level);
  return nullptr;
}

Result<uint64_t> GpuVaAllocator::allocate(uint64_t size, uint64_t alignment) {
  if (size == 0) return fail("GPU VA allocation of 0 bytes");
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return fail("GPU VA alignment " + hex(alignment) + " is not a power of two");
  const uint64_t start = (next_ + alignment - 1) & ~(alignment - 1);
  if (start >= kVaLimit || size > kVaLimit - start) return fail("simulated GPU VA space (40 bits) exhausted");
  next_ = start + size;
  return start;
}

Status ShadowStream::append_packet(uint32_t opcode, std::span<const uint32_t> body) {
  Result<uint32_t> header = type3_header(opcode, static_cast<uint32_t>(body.size()));
  if (!header) return Error{header.error()};
  dwords_.push_back(*header);
  dwords_.insert(dwords_.end(), body.begin(), body.end());
  return ok_status();
}

Status ShadowStream::set_regs(regs::Space space, uint32_t first_offset, std::span<const uint32_t> values) {
  const SpaceWindow* w = space_window(space, chip_.gfx_level);
  if (!w)
    return fail(std::string("no SET_*_REG packet writes the ") + space_name(space) + " space on " + chip_.name);
  if (values.empty()) return fail("SET_*_REG without values");
  if (first_offset % 4) return fail("register offset " + hex(first_offset) + " is not dword aligned");
  const uint64_t last = uint64_t(first_offset) + 4 * (values.size() - 1);
  if (first_offset < w->begin || last >= w->end)
    return fail("registers " + hex(first_offset) + ".." + hex(last) + " lie outside the " + space_name(space) +
                " window " + hex(w->begin) + ".." + hex(w->end - 1));
  std::vector<uint32_t> body;
  body.reserve(values.size() + 1);
  body.push_back((first_offset - w->begin) / 4);
  body.insert(body.end(), values.begin(), values.end());
  return append_packet(w->set_opcode, body);
}

Status ShadowStream::event_write(uint32_t event_type, uint32_t event_index) {
  namespace E = regs::EVENT_WRITE_EVENT;
  if (!E::EVENT_TYPE.fits(event_type) || !E::EVENT_INDEX.fits(event_index))
    return fail("EVENT_WRITE event type " + std::to_string(event_type) + " / index " + std::to_string(event_index) +
                " out of range");
  const uint32_t body = E::EVENT_TYPE.encode(event_type) | E::EVENT_INDEX.encode(event_index);
  return append_packet(regs::Opcode::EVENT_WRITE, {&body, 1});
}

Status ShadowStream::nop(uint32_t payload_dwords) {
  const std::vector<uint32_t> body(payload_dwords, 0u);
  return append_packet(regs::Opcode::NOP, body);
}

Status ShadowStream::comment(std::string_view text) {
  std::vector<uint32_t> body = {kCommentTag, static_cast<uint32_t>(text.size())};
  body.resize(2 + (text.size() + 3) / 4, 0u);
  std::memcpy(body.data() + 2, text.data(), text.size());
  return append_packet(regs::Opcode::NOP, body);
}

const char* descriptor_register_prefix(DescriptorKind kind) {
  switch (kind) {
    case DescriptorKind::Buffer: return "SQ_BUF_RSRC";
    case DescriptorKind::Image: return "SQ_IMG_RSRC";
    case DescriptorKind::Sampler: return "SQ_IMG_SAMP";
  }
  return "?";
}

uint32_t descriptor_dwords(DescriptorKind kind) { return kind == DescriptorKind::Image ? 8 : 4; }

std::string descriptor_comment(DescriptorKind kind) { return std::string("descriptor ") + descriptor_register_prefix(kind); }

Status ShadowStream::write_descriptor(DescriptorKind kind, uint64_t va, std::span<const uint32_t> words) {
  namespace W = regs::WRITE_DATA_CONTROL;
  if (words.size() != descriptor_dwords(kind))
    return fail(std::string(descriptor_register_prefix(kind)) + " descriptor of " + std::to_string(words.size()) +
                " dwords (must be " + std::to_string(descriptor_dwords(kind)) + ")");
  if (va % 4 || va >= GpuVaAllocator::kVaLimit) return fail("descriptor address " + hex(va) + " unaligned or beyond 40 bits");
  Status st = comment(descriptor_comment(kind));
  if (!st) return st;
  std::vector<uint32_t> body = {W::DST_SEL.encode(regs::WriteDataDstSel::MEM_ASYNC) | W::WR_CONFIRM.encode(1),
                                static_cast<uint32_t>(va), static_cast<uint32_t>(va >> 32)};
  body.insert(body.end(), words.begin(), words.end());
  return append_packet(regs::Opcode::WRITE_DATA, body);
}

namespace {

constexpr char kMagic[8] = {'G', 'L', 'V', 'K', 'P', 'M', '4', '\0'};
constexpr uint32_t kVersion = 1;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

void put_u32(std::vector<unsigned char>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}
uint32_t get_u32(const unsigned char* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

}  // namespace

Status ShadowStream::write_file(const std::string& path) const {
  std::vector<unsigned char> bytes(kMagic, kMagic + 8);
  put_u32(bytes, kVersion);
  put_u32(bytes, static_cast<uint32_t>(chip_.gfx_level));
  char name[16] = {};
  std::strncpy(name, chip_.name, sizeof name - 1);
  bytes.insert(bytes.end(), name, name + 16);
  put_u32(bytes, static_cast<uint32_t>(dwords_.size()));
  put_u32(bytes, static_cast<uint32_t>(uint64_t(dwords_.size()) >> 32));
  for (uint32_t d : dwords_) put_u32(bytes, d);
  std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "wb"));
  if (!f) return fail("cannot open " + path + " for writing");
  if (std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size()) return fail("short write to " + path);
  if (std::fclose(f.release()) != 0) return fail("cannot close " + path);
  return ok_status();
}

Result<ShadowFile> ShadowStream::read_file(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
  if (!f) return fail("cannot open " + path);
  std::vector<unsigned char> bytes;
  unsigned char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) bytes.insert(bytes.end(), buf, buf + n);
  constexpr size_t kHeader = 8 + 4 + 4 + 16 + 8;
  if (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return fail(path + " is not a glvk shadow stream (bad magic)");
  if (get_u32(bytes.data() + 8) != kVersion) return fail(path + ": unsupported shadow stream version");
  const uint32_t level = get_u32(bytes.data() + 12);
  if (level < 6 || level > 9) return fail(path + ": bad gfx level " + std::to_string(level));
  ShadowFile out;
  out.gfx_level = static_cast<GfxLevel>(level);
  const char* name = reinterpret_cast<const char*>(bytes.data() + 16);
  out.chip_name.assign(name, strnlen(name, 16));
  const uint64_t count = uint64_t(get_u32(bytes.data() + 32)) | uint64_t(get_u32(bytes.data() + 36)) << 32;
  if (bytes.size() != kHeader + count * 4)
    return fail(path + ": truncated or oversized (header says " + std::to_string(count) + " dwords)");
  out.dwords.resize(count);
  for (uint64_t i = 0; i < count; ++i) out.dwords[i] = get_u32(bytes.data() + kHeader + 4 * i);
  return out;
}

}  // namespace glvk::amd::pm4
