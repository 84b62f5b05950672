// A streaming JSON writer for the glvk command's --json outputs: commas and escaping in one place.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

namespace glvk::tools {

class JsonWriter {
 public:
  explicit JsonWriter(std::FILE* out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text ? text : "")); }
  JsonWriter& value(bool b);
  JsonWriter& value(std::int64_t n);
  JsonWriter& value(std::uint64_t n);
  JsonWriter& value(std::uint32_t n) { return value(static_cast<std::uint64_t>(n)); }
  JsonWriter& value(int n) { return value(static_cast<std::int64_t>(n)); }

 private:
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  void separate();  // the comma before a value, unless it follows a key or opens a container
  void write_string(std::string_view text);

  std::FILE* out_;
  std::vector<bool> has_items_;  // one entry per open container
  bool after_key_ = false;
};

}  // namespace glvk::tools
