// PM4 packets (type-3 headers, SET_*_REG, EVENT_WRITE, NOP) and the ShadowStream: the dword stream
// plus a deterministic simulated GPU address allocator that the state tracker fills and that can be
// written to a file for `glvk amd shadow`.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/registers.h>
#include <glvk/amd_descriptors/result.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace glvk::amd::pm4 {

enum class ShaderType : uint8_t { Graphics = 0, Compute = 1 };

struct Type3Header {
  uint32_t opcode;
  uint32_t count;  // the header's COUNT field: body dwords - 1
  bool predicate;
  ShaderType shader_type;
  uint32_t body_dwords() const { return count + 1; }
};

// PKT3: body_dwords in [1, 0x4000] (COUNT is 14 bits and holds body_dwords - 1).
Result<uint32_t> type3_header(uint32_t opcode, uint32_t body_dwords, bool predicate = false,
                              ShaderType shader_type = ShaderType::Graphics);
uint32_t packet_type(uint32_t header);  // bits 31:30
Type3Header parse_type3_header(uint32_t header);

// The type-2 packet: a one-dword filler.
inline constexpr uint32_t kType2Filler = 0x80000000u;
// First payload dword of a NOP that carries a text label (shadow stream annotations): "GLVK".
inline constexpr uint32_t kCommentTag = 0x4B564C47u;

// Byte-address window of a register space and the SET_*_REG opcode that writes it.
struct SpaceWindow {
  regs::Space space;
  uint32_t begin, end;  // [begin, end)
  uint32_t set_opcode;
};
// nullptr for Descriptor/Packet, and for Uconfig before GFX7.
const SpaceWindow* space_window(regs::Space space, GfxLevel level);
const SpaceWindow* space_window_for_opcode(uint32_t opcode, GfxLevel level);

// Hands out GPU virtual addresses the way a bump allocator would: deterministic for a given
// sequence of requests, so shadow streams are reproducible.
class GpuVaAllocator {
 public:
  static constexpr uint64_t kDefaultBase = 0x100000000ull;  // 4 GiB, above the 32-bit window
  static constexpr uint64_t kVaLimit = 1ull << 40;          // GCN VA is 40 bits
  explicit GpuVaAllocator(uint64_t base = kDefaultBase) : next_(base) {}
  // alignment: a power of two; size > 0.
  Result<uint64_t> allocate(uint64_t size, uint64_t alignment = 256);
  uint64_t next() const { return next_; }

 private:
  uint64_t next_;
};

struct ShadowFile {
  std::string chip_name;
  GfxLevel gfx_level;
  std::vector<uint32_t> dwords;
};

// Resource descriptors the shadow records in memory (radeonsi writes them into descriptor lists):
// SQ_BUF_RSRC_WORD0-3, SQ_IMG_RSRC_WORD0-7, SQ_IMG_SAMP_WORD0-3.
enum class DescriptorKind : uint8_t { Buffer, Image, Sampler };
const char* descriptor_register_prefix(DescriptorKind kind);  // "SQ_BUF_RSRC" ...
uint32_t descriptor_dwords(DescriptorKind kind);             // 4, 8, 4
// The text of the comment NOP that announces a descriptor write, e.g. "descriptor SQ_IMG_RSRC".
std::string descriptor_comment(DescriptorKind kind);

class ShadowStream {
 public:
  explicit ShadowStream(const Chip& chip, uint64_t va_base = GpuVaAllocator::kDefaultBase)
      : chip_(chip), va_(va_base) {}

  const Chip& chip() const { return chip_; }
  GpuVaAllocator& va() { return va_; }
  std::span<const uint32_t> dwords() const { return dwords_; }
  void clear() { dwords_.clear(); }

  // SET_CONTEXT_REG / SET_SH_REG / SET_UCONFIG_REG / SET_CONFIG_REG of consecutive registers
  // starting at byte offset first_offset (radeon_set_*_reg_seq).
  Status set_regs(regs::Space space, uint32_t first_offset, std::span<const uint32_t> values);
  Status set_context_regs(uint32_t first_offset, std::span<const uint32_t> values) {
    return set_regs(regs::Space::Context, first_offset, values);
  }
  Status set_context_reg(uint32_t offset, uint32_t value) { return set_context_regs(offset, {&value, 1}); }
  Status set_sh_reg(uint32_t offset, uint32_t value) { return set_regs(regs::Space::Sh, offset, {&value, 1}); }
  Status set_uconfig_reg(uint32_t offset, uint32_t value) { return set_regs(regs::Space::Uconfig, offset, {&value, 1}); }
  Status set_config_reg(uint32_t offset, uint32_t value) { return set_regs(regs::Space::Config, offset, {&value, 1}); }

  Status event_write(uint32_t event_type, uint32_t event_index = 0);
  Status nop(uint32_t payload_dwords);  // NOP with a zero payload (payload_dwords >= 1)
  Status comment(std::string_view text);  // NOP carrying a text label the printer shows
  // A descriptor stored at `va`: a comment NOP naming the descriptor kind, then WRITE_DATA
  // (memory, write-confirmed) of its dwords, so the printer decodes each word's fields.
  Status write_descriptor(DescriptorKind kind, uint64_t va, std::span<const uint32_t> words);

  // The file format: "GLVKPM4\0", u32 version (1), u32 gfx level, char[16] chip name,
  // u64 dword count, then the dwords, all little-endian.
  Status write_file(const std::string& path) const;
  static Result<ShadowFile> read_file(const std::string& path);

 private:
  Status append_packet(uint32_t opcode, std::span<const uint32_t> body);

  Chip chip_;
  GpuVaAllocator va_;
  std::vector<uint32_t> dwords_;
};

}  // namespace glvk::amd::pm4
