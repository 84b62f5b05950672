// The layer's findings: a counter per object kind, every mismatch decoded field by field, the
// stderr summary printed at vkDestroyDevice and the JSON written for GLVK_SHADOW_REPORT=<file>.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "checker.h"

namespace glvk::shadow_check {

struct KindCounters {
  uint64_t checked = 0;      // objects with a record, compared
  uint64_t identical = 0;    // every word equal
  uint64_t explained = 0;    // differences, all of them in the explained table
  uint64_t unexplained = 0;  // at least one difference the table does not explain
  uint64_t underived = 0;    // a record, but no RADV-view encoding could be derived
  uint64_t derived_only = 0;  // no record attached; the RADV view was derived alone
  uint64_t bound = 0;         // descriptors written naming an object of this kind
  uint64_t bound_checked = 0;  // of those, naming an object a record was compared for
};

struct Finding {
  amd::RecordKind kind;
  std::string object;  // "VkImage 0x..." with its format
  Comparison comparison;
};

class Report {
 public:
  void add(amd::RecordKind kind, std::string object, Comparison comparison);
  void add_derived_only(amd::RecordKind kind);
  void add_bound(amd::RecordKind kind, bool checked);

  KindCounters counters(amd::RecordKind kind) const;
  KindCounters totals() const;
  // Several lines: a total, a line per kind seen, each unexplained or underived finding decoded.
  std::string summary(const std::string& chip) const;
  std::string json(const std::string& chip) const;

 private:
  static size_t index(amd::RecordKind kind) { return size_t(kind) - 1; }
  mutable std::mutex mutex_;
  std::array<KindCounters, 5> counters_{};
  std::vector<Finding> findings_;  // every compared object that was not identical
};

// "SQ_IMG_RSRC_WORD1.DATA_FORMAT: radeonsi 10 (IMG_DATA_FORMAT_8_8_8_8), radv 4 (...)"
std::string describe(const FieldDifference& d);

}  // namespace glvk::shadow_check
