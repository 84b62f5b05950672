// Random size/offset/length/access arguments for the buffer entry points, checked against a
// model of the GL 4.6 error rules written here from the spec. When a call breaks several rules the
// spec leaves open which error is raised, so the model yields the set of acceptable errors.
#include <cstring>
#include <random>
#include <set>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using Bytes = std::vector<std::uint8_t>;
using Errors = std::set<GLenum>;

constexpr GLsizeiptr kSize = 512;

struct Model {
  Bytes bytes;
  bool mapped = false;
  GLintptr map_offset = 0;
  GLsizeiptr map_length = 0;
  GLbitfield access = 0;
};

bool in_range(GLint64 offset, GLint64 size, GLint64 limit) {
  return offset >= 0 && size >= 0 && offset <= limit && size <= limit - offset;
}

class Fuzzer {
 public:
  explicit Fuzzer(unsigned seed) : random_(seed) {}

  GLint64 offset_or_size() {
    const GLint64 interesting[] = {-1000000, -1, 0, 1, 2, 63, 64, kSize / 2, kSize - 1, kSize, kSize + 1,
                                   GLint64(1) << 40};
    if (random_() % 3 == 0) return GLint64(random_() % (kSize + 1));
    return interesting[random_() % std::size(interesting)];
  }
  GLbitfield access() {
    const GLbitfield bits[] = {GL_MAP_READ_BIT,        GL_MAP_WRITE_BIT,           GL_MAP_INVALIDATE_RANGE_BIT,
                               GL_MAP_INVALIDATE_BUFFER_BIT, GL_MAP_FLUSH_EXPLICIT_BIT, GL_MAP_UNSYNCHRONIZED_BIT,
                               GL_MAP_PERSISTENT_BIT,  GL_MAP_COHERENT_BIT,        0x100000};
    GLbitfield out = 0;
    for (GLbitfield b : bits)
      if (random_() % 4 == 0) out |= b;
    if (random_() % 2) out |= GL_MAP_WRITE_BIT;
    return out;
  }
  unsigned pick(unsigned n) { return unsigned(random_() % n); }
  std::uint8_t byte() { return std::uint8_t(random_()); }

 private:
  std::mt19937 random_;
};

// MapBufferRange's errors for a buffer of kSize mutable bytes (storage flags READ|WRITE).
Errors map_range_errors(const Model& m, GLint64 offset, GLint64 length, GLbitfield access) {
  Errors e;
  if (offset < 0 || length < 0 || !in_range(offset, length, kSize) || length == 0) e.insert(GL_INVALID_VALUE);
  const GLbitfield known = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                           GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT |
                           GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  if (access & ~known) e.insert(GL_INVALID_VALUE);
  if (!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) e.insert(GL_INVALID_OPERATION);
  if ((access & GL_MAP_READ_BIT) &&
      (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT)))
    e.insert(GL_INVALID_OPERATION);
  if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT)) e.insert(GL_INVALID_OPERATION);
  if (access & (GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)) e.insert(GL_INVALID_OPERATION);  // mutable storage
  if (m.mapped) e.insert(GL_INVALID_OPERATION);
  return e;
}

int successful_calls = 0;

void expect_error(const Errors& allowed, const char* what, int step) {
  const GLenum got = glGetError();
  if (got == GL_NO_ERROR) ++successful_calls;
  if (allowed.empty())
    EXPECT_EQ(got, GLenum(GL_NO_ERROR)) << what << " at step " << step;
  else
    EXPECT_TRUE(allowed.count(got)) << what << " at step " << step << ": got 0x" << std::hex << got;
}

using GlBufferFuzz = GlTest;

TEST_F(GlBufferFuzz, ArgumentsAgainstTheSpecModel) {
  Fuzzer fuzz(20261121);
  Model model[2];
  GLuint buffers[2];
  glCreateBuffers(2, buffers);
  for (int i = 0; i < 2; ++i) {
    model[i].bytes = pattern(kSize, unsigned(200 + i));
    glNamedBufferData(buffers[i], kSize, model[i].bytes.data(), i ? GL_STATIC_DRAW : GL_DYNAMIC_DRAW);
  }
  Bytes scratch(std::size_t(kSize) * 2);
  for (int step = 0; step < 1500; ++step) {
    const unsigned which = fuzz.pick(2);
    Model& m = model[which];
    const GLuint buffer = buffers[which];
    const GLint64 offset = fuzz.offset_or_size(), size = fuzz.offset_or_size();
    switch (fuzz.pick(6)) {
      case 0: {  // glNamedBufferSubData
        Errors e;
        if (offset < 0 || size < 0 || !in_range(offset, size, kSize)) e.insert(GL_INVALID_VALUE);
        if (m.mapped) e.insert(GL_INVALID_OPERATION);
        Bytes data(std::size_t(std::max<GLint64>(0, std::min<GLint64>(size, kSize))));
        for (auto& b : data) b = fuzz.byte();
        glNamedBufferSubData(buffer, GLintptr(offset), GLsizeiptr(size), data.data());
        expect_error(e, "NamedBufferSubData", step);
        if (e.empty()) std::copy(data.begin(), data.end(), m.bytes.begin() + offset);
        break;
      }
      case 1: {  // glGetNamedBufferSubData
        Errors e;
        if (offset < 0 || size < 0 || !in_range(offset, size, kSize)) e.insert(GL_INVALID_VALUE);
        if (m.mapped) e.insert(GL_INVALID_OPERATION);
        std::fill(scratch.begin(), scratch.end(), 0xCD);
        glGetNamedBufferSubData(buffer, GLintptr(offset), GLsizeiptr(size), scratch.data());
        expect_error(e, "GetNamedBufferSubData", step);
        if (e.empty()) {
          ASSERT_EQ(Bytes(scratch.begin(), scratch.begin() + size), Bytes(m.bytes.begin() + offset,
                                                                          m.bytes.begin() + offset + size))
              << "step " << step;
        }
        break;
      }
      case 2: {  // glMapNamedBufferRange, then write/read and unmap
        const GLbitfield access = fuzz.access();
        const Errors e = map_range_errors(m, offset, size, access);
        auto* map = static_cast<std::uint8_t*>(glMapNamedBufferRange(buffer, GLintptr(offset), GLsizeiptr(size), access));
        expect_error(e, "MapNamedBufferRange", step);
        if (!e.empty()) {
          EXPECT_EQ(map, nullptr) << "step " << step;
          break;
        }
        ASSERT_NE(map, nullptr) << "step " << step;
        if (access & GL_MAP_READ_BIT) {
          ASSERT_EQ(Bytes(map, map + size), Bytes(m.bytes.begin() + offset, m.bytes.begin() + offset + size))
              << "step " << step;
        }
        m.mapped = true;
        m.map_offset = GLintptr(offset);
        m.map_length = GLsizeiptr(size);
        m.access = access;
        if (access & GL_MAP_WRITE_BIT) {
          for (GLint64 i = 0; i < size; ++i) map[i] = m.bytes[std::size_t(offset + i)] = fuzz.byte();
          if (access & GL_MAP_FLUSH_EXPLICIT_BIT) {
            // A random flush range (maybe invalid), then the whole range so the result is defined.
            const GLint64 f_offset = fuzz.offset_or_size(), f_length = fuzz.offset_or_size();
            Errors fe;
            if (f_offset < 0 || f_length < 0 || !in_range(f_offset, f_length, size)) fe.insert(GL_INVALID_VALUE);
            glFlushMappedNamedBufferRange(buffer, GLintptr(f_offset), GLsizeiptr(f_length));
            expect_error(fe, "FlushMappedNamedBufferRange", step);
            glFlushMappedNamedBufferRange(buffer, 0, GLsizeiptr(size));
            expect_error({}, "FlushMappedNamedBufferRange (whole)", step);
          }
        }
        if (fuzz.pick(3) == 0) break;  // stay mapped for a while
        EXPECT_TRUE(glUnmapNamedBuffer(buffer));
        m.mapped = false;
        if (access & GL_MAP_INVALIDATE_BUFFER_BIT) {
          // Bytes outside the written range are undefined now: adopt what the buffer holds.
          m.bytes = contents(buffer, kSize);
        }
        break;
      }
      case 3: {  // glUnmapNamedBuffer
        const bool was_mapped = m.mapped;
        const GLboolean result = glUnmapNamedBuffer(buffer);
        expect_error(was_mapped ? Errors{} : Errors{GL_INVALID_OPERATION}, "UnmapNamedBuffer", step);
        EXPECT_EQ(result, was_mapped ? GL_TRUE : GL_FALSE);
        if (was_mapped && (m.access & GL_MAP_INVALIDATE_BUFFER_BIT)) m.bytes = contents(buffer, kSize);
        m.mapped = false;
        break;
      }
      case 4: {  // glCopyNamedBufferSubData between the two or within one
        const unsigned other = fuzz.pick(2);
        Model& dst = model[other];
        const GLint64 write_offset = fuzz.offset_or_size();
        Errors e;
        if (offset < 0 || write_offset < 0 || size < 0 || !in_range(offset, size, kSize) ||
            !in_range(write_offset, size, kSize))
          e.insert(GL_INVALID_VALUE);
        if (other == which && offset < write_offset + size && write_offset < offset + size) e.insert(GL_INVALID_VALUE);
        if (m.mapped || dst.mapped) e.insert(GL_INVALID_OPERATION);
        glCopyNamedBufferSubData(buffer, buffers[other], GLintptr(offset), GLintptr(write_offset), GLsizeiptr(size));
        expect_error(e, "CopyNamedBufferSubData", step);
        if (e.empty()) {
          const Bytes moved(m.bytes.begin() + offset, m.bytes.begin() + offset + size);
          std::copy(moved.begin(), moved.end(), dst.bytes.begin() + write_offset);
        }
        break;
      }
      case 5: {  // glInvalidateBufferSubData: a hint, contents of the range become undefined
        Errors e;
        if (offset < 0 || size < 0 || !in_range(offset, size, kSize)) e.insert(GL_INVALID_VALUE);
        if (m.mapped) e.insert(GL_INVALID_OPERATION);
        glInvalidateBufferSubData(buffer, GLintptr(offset), GLsizeiptr(size));
        expect_error(e, "InvalidateBufferSubData", step);
        if (e.empty()) m.bytes = contents(buffer, kSize);
        break;
      }
    }
    if (HasFatalFailure()) return;
  }
  // The argument mix must exercise the success paths too, not only the errors.
  EXPECT_GT(successful_calls, 300);
  for (int i = 0; i < 2; ++i) {
    if (model[i].mapped) glUnmapNamedBuffer(buffers[i]);
    if (model[i].mapped && (model[i].access & GL_MAP_INVALIDATE_BUFFER_BIT)) model[i].bytes = contents(buffers[i], kSize);
    EXPECT_EQ(contents(buffers[i], kSize), model[i].bytes) << "buffer " << i;
  }
  glDeleteBuffers(2, buffers);
}

}  // namespace
}  // namespace glvk::test
