#include "json_writer.h"

#include <cinttypes>

namespace glvk::tools {

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_items_.empty()) {
    if (has_items_.back()) std::fputc(',', out_);
    has_items_.back() = true;
  }
}

JsonWriter& JsonWriter::open(char bracket) {
  separate();
  std::fputc(bracket, out_);
  has_items_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  has_items_.pop_back();
  std::fputc(bracket, out_);
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  write_string(name);
  std::fputc(':', out_);
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  separate();
  write_string(text);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  std::fputs(b ? "true" : "false", out_);
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t n) {
  separate();
  std::fprintf(out_, "%" PRId64, n);
  return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t n) {
  separate();
  std::fprintf(out_, "%" PRIu64, n);
  return *this;
}

void JsonWriter::write_string(std::string_view text) {
  std::fputc('"', out_);
  for (char c : text) {
    switch (c) {
      case '"': std::fputs("\\\"", out_); break;
      case '\\': std::fputs("\\\\", out_); break;
      case '\n': std::fputs("\\n", out_); break;
      case '\t': std::fputs("\\t", out_); break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          std::fprintf(out_, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
        else
          std::fputc(c, out_);
    }
  }
  std::fputc('"', out_);
}

}  // namespace glvk::tools
