#include "report.h"

#include <cstdio>
#include <map>

namespace glvk::shadow_check {
namespace {

constexpr amd::RecordKind kKinds[] = {amd::RecordKind::SampledImage, amd::RecordKind::BufferView,
                                      amd::RecordKind::Sampler, amd::RecordKind::ColorTarget,
                                      amd::RecordKind::DepthTarget};

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += c;
  }
  return out + "\"";
}

std::string value_text(uint32_t value, const std::string& name) {
  return std::to_string(value) + (name.empty() ? "" : " (" + name + ")");
}

std::string words_json(const std::vector<uint32_t>& words) {
  std::string out = "[";
  for (size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + std::to_string(words[i]);
  return out + "]";
}

}  // namespace

std::string describe(const FieldDifference& d) {
  return d.reg + "." + d.field + ": radeonsi " + value_text(d.radeonsi, d.radeonsi_name) + ", radv " +
         value_text(d.radv, d.radv_name) + (d.explanation.empty() ? " [unexplained]" : " [" + d.explanation + "]");
}

void Report::add(amd::RecordKind kind, std::string object, Comparison comparison) {
  std::lock_guard lock(mutex_);
  KindCounters& c = counters_[index(kind)];
  ++c.checked;
  if (comparison.underived) ++c.underived;
  else if (comparison.differences.empty()) ++c.identical;
  else if (comparison.unexplained()) ++c.unexplained;
  else ++c.explained;
  if (!comparison.identical()) findings_.push_back({kind, std::move(object), std::move(comparison)});
}

void Report::add_derived_only(amd::RecordKind kind) {
  std::lock_guard lock(mutex_);
  ++counters_[index(kind)].derived_only;
}

void Report::add_bound(amd::RecordKind kind, bool checked) {
  std::lock_guard lock(mutex_);
  ++counters_[index(kind)].bound;
  if (checked) ++counters_[index(kind)].bound_checked;
}

KindCounters Report::counters(amd::RecordKind kind) const {
  std::lock_guard lock(mutex_);
  return counters_[index(kind)];
}

KindCounters Report::totals() const {
  KindCounters t;
  for (amd::RecordKind k : kKinds) {
    const KindCounters c = counters(k);
    t.checked += c.checked;
    t.identical += c.identical;
    t.explained += c.explained;
    t.unexplained += c.unexplained;
    t.underived += c.underived;
    t.derived_only += c.derived_only;
    t.bound += c.bound;
    t.bound_checked += c.bound_checked;
  }
  return t;
}

std::string Report::summary(const std::string& chip) const {
  const KindCounters t = totals();
  std::string out = "VK_LAYER_GLVK_shadow_check (" + chip + "): " + std::to_string(t.checked) +
                    " objects checked, " + std::to_string(t.identical) + " identical, " +
                    std::to_string(t.explained) + " explained, " + std::to_string(t.unexplained) + " unexplained, " +
                    std::to_string(t.underived) + " not derivable; " + std::to_string(t.derived_only) +
                    " derived without a record\n";
  for (amd::RecordKind k : kKinds) {
    const KindCounters c = counters(k);
    if (!c.checked && !c.derived_only && !c.bound) continue;
    out += std::string("  ") + amd::record_kind_name(k) + ": " + std::to_string(c.checked) + " checked, " +
           std::to_string(c.identical) + " identical, " + std::to_string(c.explained) + " explained, " +
           std::to_string(c.unexplained) + " unexplained, " + std::to_string(c.underived) + " not derivable, " +
           std::to_string(c.derived_only) + " derived without a record";
    if (k != amd::RecordKind::ColorTarget && k != amd::RecordKind::DepthTarget)
      out += "; " + std::to_string(c.bound) + " bound in descriptors (" + std::to_string(c.bound_checked) +
             " with a record)";
    out += "\n";
  }
  std::lock_guard lock(mutex_);
  std::map<std::string, uint64_t> explained;
  for (const Finding& f : findings_)
    for (const FieldDifference& d : f.comparison.differences)
      if (!d.explanation.empty()) ++explained[d.explanation];
  for (const auto& [name, count] : explained)
    out += "  explained: " + name + " (" + std::to_string(count) + " fields)\n";
  for (const Finding& f : findings_) {
    if (f.comparison.underived) {
      out += "  not derivable: " + f.object + ": " + *f.comparison.underived + "\n";
      continue;
    }
    if (!f.comparison.unexplained()) continue;
    out += "  mismatch: " + f.object + "\n";
    for (const FieldDifference& d : f.comparison.differences) out += "    " + describe(d) + "\n";
  }
  return out;
}

std::string Report::json(const std::string& chip) const {
  std::string out = "{\n  \"layer\": \"VK_LAYER_GLVK_shadow_check\",\n  \"chip\": " + json_string(chip) +
                    ",\n  \"kinds\": {";
  bool first = true;
  for (amd::RecordKind k : kKinds) {
    const KindCounters c = counters(k);
    out += std::string(first ? "\n" : ",\n") + "    " + json_string(amd::record_kind_name(k)) +
           ": {\"checked\": " + std::to_string(c.checked) + ", \"identical\": " + std::to_string(c.identical) +
           ", \"explained\": " + std::to_string(c.explained) + ", \"unexplained\": " + std::to_string(c.unexplained) +
           ", \"not_derivable\": " + std::to_string(c.underived) +
           ", \"derived_without_record\": " + std::to_string(c.derived_only) + ", \"bound\": " +
           std::to_string(c.bound) + ", \"bound_with_record\": " + std::to_string(c.bound_checked) + "}";
    first = false;
  }
  out += "\n  },\n  \"mismatches\": [";
  std::lock_guard lock(mutex_);
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding& f = findings_[i];
    out += std::string(i ? ",\n" : "\n") + "    {\"kind\": " + json_string(amd::record_kind_name(f.kind)) +
           ", \"object\": " + json_string(f.object) + ", \"unexplained\": " +
           (f.comparison.unexplained() || f.comparison.underived ? "true" : "false");
    if (f.comparison.underived) out += ", \"not_derivable\": " + json_string(*f.comparison.underived);
    out += ", \"radeonsi\": " + words_json(f.comparison.radeonsi) + ", \"radv\": " + words_json(f.comparison.radv) +
           ", \"differences\": [";
    for (size_t j = 0; j < f.comparison.differences.size(); ++j) {
      const FieldDifference& d = f.comparison.differences[j];
      out += std::string(j ? ", " : "") + "{\"register\": " + json_string(d.reg) + ", \"field\": " +
             json_string(d.field) + ", \"radeonsi\": " + std::to_string(d.radeonsi) + ", \"radv\": " +
             std::to_string(d.radv) + ", \"radeonsi_name\": " + json_string(d.radeonsi_name) +
             ", \"radv_name\": " + json_string(d.radv_name) + ", \"explanation\": " +
             (d.explanation.empty() ? "null" : json_string(d.explanation)) + "}";
    }
    out += "]}";
  }
  out += "\n  ],\n  \"explained_differences\": [";
  const std::vector<ExplainedDifference> table = explained_differences();
  for (size_t i = 0; i < table.size(); ++i)
    out += std::string(i ? ",\n" : "\n") + "    {\"name\": " + json_string(table[i].name) +
           ", \"reason\": " + json_string(table[i].reason) + "}";
  return out + "\n  ]\n}\n";
}

}  // namespace glvk::shadow_check
