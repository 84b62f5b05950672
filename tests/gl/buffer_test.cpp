// Buffer objects end to end through the real dispatch: every data path round-trips, each map
// flag behaves as specified, and every invalid call raises the spec's error and changes nothing.
#include <cstring>
#include <functional>
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using GlBuffer = GlTest;
using Bytes = std::vector<std::uint8_t>;

constexpr GLsizeiptr kSize = 1000;

GLuint make_buffer(const Bytes& data, GLenum usage = GL_STATIC_DRAW) {
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  glNamedBufferData(buffer, GLsizeiptr(data.size()), data.data(), usage);
  return buffer;
}

TEST_F(GlBuffer, BufferDataAndGetBufferSubDataRoundTrip) {
  const Bytes data = pattern(kSize, 1);
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  EXPECT_FALSE(glIsBuffer(buffer));  // a generated name is not an object until bound
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  EXPECT_TRUE(glIsBuffer(buffer));
  glBufferData(GL_ARRAY_BUFFER, kSize, data.data(), GL_STATIC_DRAW);
  Bytes got(kSize);
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, kSize, got.data());
  EXPECT_EQ(got, data);
  Bytes part(100);
  glGetBufferSubData(GL_ARRAY_BUFFER, 450, 100, part.data());
  EXPECT_EQ(part, Bytes(data.begin() + 450, data.begin() + 550));
  glDeleteBuffers(1, &buffer);
  EXPECT_FALSE(glIsBuffer(buffer));
  GLint bound = -1;
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0);  // deleting a bound buffer unbinds it
}

TEST_F(GlBuffer, EveryUsageHintRoundTripsThroughEveryPath) {
  const GLenum usages[] = {GL_STREAM_DRAW, GL_STREAM_READ, GL_STREAM_COPY, GL_STATIC_DRAW, GL_STATIC_READ,
                           GL_STATIC_COPY, GL_DYNAMIC_DRAW, GL_DYNAMIC_READ, GL_DYNAMIC_COPY};
  unsigned seed = 10;
  for (GLenum usage : usages) {
    SCOPED_TRACE(usage);
    Bytes expected = pattern(kSize, seed++);
    GLuint buffer = make_buffer(expected, usage);
    EXPECT_EQ(contents(buffer, kSize), expected);
    GLint value = 0;
    glGetNamedBufferParameteriv(buffer, GL_BUFFER_USAGE, &value);
    EXPECT_EQ(GLenum(value), usage);

    const Bytes sub = pattern(300, seed++);
    glNamedBufferSubData(buffer, 123, 300, sub.data());
    std::copy(sub.begin(), sub.end(), expected.begin() + 123);
    EXPECT_EQ(contents(buffer, kSize), expected);

    // Map for reading: the mapped bytes are the buffer's.
    const auto* read = static_cast<const std::uint8_t*>(glMapNamedBuffer(buffer, GL_READ_ONLY));
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(Bytes(read, read + kSize), expected);
    EXPECT_TRUE(glUnmapNamedBuffer(buffer));

    // Map read-write: modify in place.
    auto* rw = static_cast<std::uint8_t*>(glMapNamedBufferRange(buffer, 10, 20, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT));
    ASSERT_NE(rw, nullptr);
    EXPECT_EQ(Bytes(rw, rw + 20), Bytes(expected.begin() + 10, expected.begin() + 30));
    for (int i = 0; i < 20; ++i) rw[i] = std::uint8_t(rw[i] ^ 0xFF);
    EXPECT_TRUE(glUnmapNamedBuffer(buffer));
    for (int i = 10; i < 30; ++i) expected[std::size_t(i)] ^= 0xFF;
    EXPECT_EQ(contents(buffer, kSize), expected);
    glDeleteBuffers(1, &buffer);
  }
}

TEST_F(GlBuffer, EveryMapRangeWriteFlavourRoundTrips) {
  const GLbitfield flavours[] = {
      GL_MAP_WRITE_BIT,
      GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT,
      GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT,
      GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
      GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
      GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_UNSYNCHRONIZED_BIT,
      GL_MAP_READ_BIT | GL_MAP_WRITE_BIT,
  };
  for (GLenum usage : {GL_STATIC_DRAW, GL_DYNAMIC_DRAW, GL_STREAM_READ}) {
    Bytes expected = pattern(kSize, 20);
    GLuint buffer = make_buffer(expected, usage);
    unsigned seed = 30;
    for (GLbitfield access : flavours) {
      SCOPED_TRACE(testing::Message() << "usage 0x" << std::hex << usage << " access 0x" << access);
      const GLintptr offset = GLintptr(seed * 7 % 300);
      const GLsizeiptr length = 333;
      const Bytes data = pattern(std::size_t(length), seed++);
      auto* map = static_cast<std::uint8_t*>(glMapNamedBufferRange(buffer, offset, length, access));
      ASSERT_NE(map, nullptr);
      // GL_MIN_MAP_BUFFER_ALIGNMENT: the pointer minus the offset is aligned.
      GLint alignment = 0;
      glGetIntegerv(GL_MIN_MAP_BUFFER_ALIGNMENT, &alignment);
      EXPECT_EQ((reinterpret_cast<std::uintptr_t>(map) - std::uintptr_t(offset)) % std::uintptr_t(alignment), 0u);
      std::memcpy(map, data.data(), data.size());
      if (access & GL_MAP_FLUSH_EXPLICIT_BIT) {
        // Two flushes covering the range in pieces.
        glFlushMappedNamedBufferRange(buffer, 0, 100);
        glFlushMappedNamedBufferRange(buffer, 100, length - 100);
      }
      EXPECT_TRUE(glUnmapNamedBuffer(buffer));
      EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      std::copy(data.begin(), data.end(), expected.begin() + offset);
      EXPECT_EQ(contents(buffer, kSize), expected);
    }
    glDeleteBuffers(1, &buffer);
  }
}

TEST_F(GlBuffer, MapBufferWriteOnlyAndInvalidateBuffer) {
  GLuint buffer = make_buffer(pattern(kSize, 40), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  const Bytes data = pattern(kSize, 41);
  auto* map = static_cast<std::uint8_t*>(glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY));
  ASSERT_NE(map, nullptr);
  void* queried = nullptr;
  glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &queried);
  EXPECT_EQ(queried, map);
  GLint access = 0, mapped = 0;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS, &access);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
  EXPECT_EQ(GLenum(access), GLenum(GL_WRITE_ONLY));
  EXPECT_EQ(mapped, GL_TRUE);
  std::memcpy(map, data.data(), data.size());
  EXPECT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  EXPECT_EQ(contents(buffer, kSize), data);

  const Bytes whole = pattern(kSize, 42);
  map = static_cast<std::uint8_t*>(
      glMapBufferRange(GL_ARRAY_BUFFER, 0, kSize, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
  ASSERT_NE(map, nullptr);
  std::memcpy(map, whole.data(), whole.size());
  EXPECT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  EXPECT_EQ(contents(buffer, kSize), whole);
  glDeleteBuffers(1, &buffer);
}

TEST_F(GlBuffer, CopyBufferSubDataBothWays) {
  const Bytes a = pattern(kSize, 50), b = pattern(kSize, 51);
  GLuint src = make_buffer(a), dst = make_buffer(b);
  glBindBuffer(GL_COPY_READ_BUFFER, src);
  glBindBuffer(GL_COPY_WRITE_BUFFER, dst);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 100, 200, 300);
  Bytes expected = b;
  std::copy(a.begin() + 100, a.begin() + 400, expected.begin() + 200);
  EXPECT_EQ(contents(dst, kSize), expected);
  // Within one buffer, non-overlapping.
  glCopyNamedBufferSubData(dst, dst, 0, 500, 400);
  std::copy(expected.begin(), expected.begin() + 400, expected.begin() + 500);
  EXPECT_EQ(contents(dst, kSize), expected);
  glDeleteBuffers(1, &src);
  glDeleteBuffers(1, &dst);
}

TEST_F(GlBuffer, ImmutableStorageQueriesAndDynamicSubData) {
  const Bytes data = pattern(kSize, 60);
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_UNIFORM_BUFFER, buffer);
  glBufferStorage(GL_UNIFORM_BUFFER, kSize, data.data(), GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT);
  GLint immutable = 0, flags = 0;
  GLint64 size = 0;
  glGetBufferParameteriv(GL_UNIFORM_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &immutable);
  glGetBufferParameteriv(GL_UNIFORM_BUFFER, GL_BUFFER_STORAGE_FLAGS, &flags);
  glGetBufferParameteri64v(GL_UNIFORM_BUFFER, GL_BUFFER_SIZE, &size);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(GLbitfield(flags), GLbitfield(GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT));
  EXPECT_EQ(size, kSize);
  EXPECT_EQ(contents(buffer, kSize), data);
  Bytes expected = data;
  const Bytes sub = pattern(10, 61);
  glBufferSubData(GL_UNIFORM_BUFFER, 990, 10, sub.data());
  std::copy(sub.begin(), sub.end(), expected.begin() + 990);
  EXPECT_EQ(contents(buffer, kSize), expected);
  glDeleteBuffers(1, &buffer);
}

TEST_F(GlBuffer, PersistentCoherentMapSeesGpuCopiesAndFeedsThem) {
  GLuint persistent = 0;
  glCreateBuffers(1, &persistent);
  const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  glNamedBufferStorage(persistent, kSize, nullptr, flags);
  auto* map = static_cast<std::uint8_t*>(glMapNamedBufferRange(persistent, 0, kSize, flags));
  ASSERT_NE(map, nullptr);
  // CPU writes through the live mapping reach GPU copies without unmapping.
  const Bytes data = pattern(kSize, 70);
  std::memcpy(map, data.data(), data.size());
  GLuint other = make_buffer(Bytes(kSize, 0));
  glCopyNamedBufferSubData(persistent, other, 0, 0, kSize);
  EXPECT_EQ(contents(other, kSize), data);
  // GPU writes show through the mapping once finished.
  const Bytes next = pattern(kSize, 71);
  glNamedBufferSubData(other, 0, kSize, next.data());
  glCopyNamedBufferSubData(other, persistent, 0, 0, kSize);
  glFinish();
  EXPECT_EQ(Bytes(map, map + kSize), next);
  // Commands allowed on a persistently mapped buffer.
  EXPECT_EQ(contents(persistent, kSize), next);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(glUnmapNamedBuffer(persistent));
  glDeleteBuffers(1, &persistent);
  glDeleteBuffers(1, &other);
}

TEST_F(GlBuffer, InvalidateThenRewrite) {
  GLuint buffer = make_buffer(pattern(kSize, 80));
  glInvalidateBufferSubData(buffer, 10, 10);
  glInvalidateBufferData(buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const Bytes data = pattern(kSize, 81);
  glNamedBufferSubData(buffer, 0, kSize, data.data());
  EXPECT_EQ(contents(buffer, kSize), data);
  glDeleteBuffers(1, &buffer);
}

// --- map flag behaviour observed through a pending GPU copy ---------------------------------
// glCopyNamedBufferSubData(A -> B) is recorded, not yet executed; what B receives tells whether a
// map of A waited for it (B gets A's old bytes) or not (B gets what was written through the map).

struct PendingCopy {
  Bytes old_a = pattern(kSize, 90);
  Bytes written = pattern(kSize, 91);
  GLuint a = make_buffer(old_a, GL_DYNAMIC_DRAW);
  GLuint b = make_buffer(Bytes(kSize, 0), GL_DYNAMIC_DRAW);
  PendingCopy() { glCopyNamedBufferSubData(a, b, 0, 0, kSize); }
  ~PendingCopy() {
    glDeleteBuffers(1, &a);
    glDeleteBuffers(1, &b);
  }
  void write_through_map(GLintptr offset, GLsizeiptr length, GLbitfield access) {
    auto* map = static_cast<std::uint8_t*>(glMapNamedBufferRange(a, offset, length, access));
    ASSERT_NE(map, nullptr);
    std::memcpy(map, written.data() + offset, std::size_t(length));
    ASSERT_TRUE(glUnmapNamedBuffer(a));
  }
};

TEST_F(GlBuffer, SynchronizedWriteWaitsForPendingReads) {
  PendingCopy p;
  p.write_through_map(0, kSize, GL_MAP_WRITE_BIT);
  EXPECT_EQ(contents(p.b, kSize), p.old_a);
  EXPECT_EQ(contents(p.a, kSize), p.written);
}

TEST_F(GlBuffer, UnsynchronizedWriteNeverWaits) {
  PendingCopy p;
  p.write_through_map(0, kSize, GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT);
  // No wait happened: the copy ran after the write and carried the new bytes.
  EXPECT_EQ(contents(p.b, kSize), p.written);
}

TEST_F(GlBuffer, InvalidatedBusyBufferKeepsOldContentsForTheGpu) {
  PendingCopy p;
  p.write_through_map(0, kSize, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
  EXPECT_EQ(contents(p.b, kSize), p.old_a);  // the copy read the old storage
  EXPECT_EQ(contents(p.a, kSize), p.written);
}

TEST_F(GlBuffer, InvalidatedBusyRangeGoesThroughStagingAndKeepsTheRest) {
  PendingCopy p;
  p.write_through_map(100, 200, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
  EXPECT_EQ(contents(p.b, kSize), p.old_a);
  Bytes expected = p.old_a;
  std::copy(p.written.begin() + 100, p.written.begin() + 300, expected.begin() + 100);
  EXPECT_EQ(contents(p.a, kSize), expected);
}

TEST_F(GlBuffer, BufferSubDataOfBusyBufferDoesNotDisturbPendingCopy) {
  PendingCopy p;
  glNamedBufferSubData(p.a, 0, kSize, p.written.data());
  EXPECT_EQ(contents(p.b, kSize), p.old_a);
  EXPECT_EQ(contents(p.a, kSize), p.written);
}

// --- invalid calls: the spec's error, and the buffer unchanged ------------------------------

struct InvalidCall {
  const char* what;
  GLenum error;
  std::function<void(GLuint buffer)> call;
};

TEST_F(GlBuffer, InvalidCallsRaiseTheSpecErrorAndChangeNothing) {
  const Bytes data = pattern(kSize, 100);
  Bytes scratch(2 * kSize, 0x5A);
  const InvalidCall calls[] = {
      {"BufferData bad target", GL_INVALID_ENUM,
       [&](GLuint) { glBufferData(0x1234, kSize, scratch.data(), GL_STATIC_DRAW); }},
      {"BufferData negative size", GL_INVALID_VALUE,
       [&](GLuint) { glBufferData(GL_ARRAY_BUFFER, -1, scratch.data(), GL_STATIC_DRAW); }},
      {"BufferData bad usage", GL_INVALID_ENUM,
       [&](GLuint) { glBufferData(GL_ARRAY_BUFFER, 16, scratch.data(), GL_RGBA); }},
      {"BufferData nothing bound", GL_INVALID_OPERATION,
       [&](GLuint) { glBufferData(GL_PIXEL_PACK_BUFFER, 16, scratch.data(), GL_STATIC_DRAW); }},
      {"NamedBufferData bad name", GL_INVALID_OPERATION,
       [&](GLuint b) { glNamedBufferData(b + 1000, 16, scratch.data(), GL_STATIC_DRAW); }},
      {"BufferSubData negative offset", GL_INVALID_VALUE,
       [&](GLuint) { glBufferSubData(GL_ARRAY_BUFFER, -1, 4, scratch.data()); }},
      {"BufferSubData negative size", GL_INVALID_VALUE,
       [&](GLuint) { glBufferSubData(GL_ARRAY_BUFFER, 0, -4, scratch.data()); }},
      {"BufferSubData beyond the end", GL_INVALID_VALUE,
       [&](GLuint) { glBufferSubData(GL_ARRAY_BUFFER, kSize - 3, 4, scratch.data()); }},
      {"BufferSubData bad target", GL_INVALID_ENUM,
       [&](GLuint) { glBufferSubData(GL_TEXTURE_2D, 0, 4, scratch.data()); }},
      {"GetBufferSubData beyond the end", GL_INVALID_VALUE,
       [&](GLuint) { glGetBufferSubData(GL_ARRAY_BUFFER, 1, kSize, scratch.data()); }},
      {"MapBufferRange bad target", GL_INVALID_ENUM,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(0x1234, 0, 4, GL_MAP_WRITE_BIT), nullptr); }},
      {"MapBufferRange offset+length beyond", GL_INVALID_VALUE,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 500, 501, GL_MAP_WRITE_BIT), nullptr); }},
      {"MapBufferRange negative offset", GL_INVALID_VALUE,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, -1, 4, GL_MAP_WRITE_BIT), nullptr); }},
      {"MapBufferRange zero length", GL_INVALID_VALUE,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_WRITE_BIT), nullptr); }},
      {"MapBufferRange no access", GL_INVALID_OPERATION,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, 0), nullptr); }},
      {"MapBufferRange unknown access bit", GL_INVALID_VALUE,
       [&](GLuint) { EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT | 0x100000), nullptr); }},
      {"MapBufferRange read+invalidate", GL_INVALID_OPERATION,
       [&](GLuint) {
         EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT), nullptr);
       }},
      {"MapBufferRange read+invalidate buffer", GL_INVALID_OPERATION,
       [&](GLuint) {
         EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT), nullptr);
       }},
      {"MapBufferRange read+unsynchronized", GL_INVALID_OPERATION,
       [&](GLuint) {
         EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT), nullptr);
       }},
      {"MapBufferRange flush-explicit without write", GL_INVALID_OPERATION,
       [&](GLuint) {
         EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT), nullptr);
       }},
      {"MapBufferRange persistent on mutable storage", GL_INVALID_OPERATION,
       [&](GLuint) {
         EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT), nullptr);
       }},
      {"MapBuffer bad access", GL_INVALID_ENUM,
       [&](GLuint) { EXPECT_EQ(glMapBuffer(GL_ARRAY_BUFFER, GL_MAP_WRITE_BIT), nullptr); }},
      {"MapNamedBufferRange bad name", GL_INVALID_OPERATION,
       [&](GLuint b) { EXPECT_EQ(glMapNamedBufferRange(b + 1000, 0, 4, GL_MAP_WRITE_BIT), nullptr); }},
      {"UnmapBuffer of an unmapped buffer", GL_INVALID_OPERATION,
       [&](GLuint) { EXPECT_FALSE(glUnmapBuffer(GL_ARRAY_BUFFER)); }},
      {"UnmapBuffer bad target", GL_INVALID_ENUM, [&](GLuint) { EXPECT_FALSE(glUnmapBuffer(0x1234)); }},
      {"FlushMappedBufferRange unmapped", GL_INVALID_OPERATION,
       [&](GLuint) { glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4); }},
      {"CopyBufferSubData overlapping", GL_INVALID_VALUE,
       [&](GLuint b) { glCopyNamedBufferSubData(b, b, 0, 10, 20); }},
      {"CopyBufferSubData beyond the end", GL_INVALID_VALUE,
       [&](GLuint b) { glCopyNamedBufferSubData(b, b, 0, kSize - 10, 20); }},
      {"CopyBufferSubData negative size", GL_INVALID_VALUE,
       [&](GLuint b) { glCopyNamedBufferSubData(b, b, 0, 500, -1); }},
      {"CopyBufferSubData nothing bound", GL_INVALID_OPERATION,
       [&](GLuint) { glCopyBufferSubData(GL_ARRAY_BUFFER, GL_QUERY_BUFFER, 0, 0, 4); }},
      {"InvalidateBufferSubData beyond", GL_INVALID_VALUE,
       [&](GLuint b) { glInvalidateBufferSubData(b, 999, 2); }},
      {"InvalidateBufferData bad name", GL_INVALID_VALUE, [&](GLuint b) { glInvalidateBufferData(b + 1000); }},
      {"GetBufferParameteriv bad pname", GL_INVALID_ENUM,
       [&](GLuint) {
         GLint v = 0;
         glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_RGBA, &v);
       }},
      {"BufferStorage zero size", GL_INVALID_VALUE,
       [&](GLuint) { glBufferStorage(GL_ARRAY_BUFFER, 0, nullptr, GL_MAP_WRITE_BIT); }},
      {"BufferStorage coherent without persistent", GL_INVALID_VALUE,
       [&](GLuint) { glBufferStorage(GL_ARRAY_BUFFER, 16, nullptr, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT); }},
      {"BufferStorage persistent without read/write", GL_INVALID_VALUE,
       [&](GLuint) { glBufferStorage(GL_ARRAY_BUFFER, 16, nullptr, GL_MAP_PERSISTENT_BIT); }},
      {"BufferStorage unknown flag", GL_INVALID_VALUE,
       [&](GLuint) { glBufferStorage(GL_ARRAY_BUFFER, 16, nullptr, 0x80000000u); }},
      {"BindBuffer name never generated (core)", GL_INVALID_OPERATION,
       [&](GLuint b) { glBindBuffer(GL_COPY_READ_BUFFER, b + 1000); }},
      {"GenBuffers negative count", GL_INVALID_VALUE, [&](GLuint) { glGenBuffers(-1, nullptr); }},
  };
  for (const InvalidCall& c : calls) {
    SCOPED_TRACE(c.what);
    GLuint buffer = make_buffer(data);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    c.call(buffer);
    EXPECT_EQ(glGetError(), c.error);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    GLint64 size = 0;
    GLint mapped = -1;
    glGetNamedBufferParameteri64v(buffer, GL_BUFFER_SIZE, &size);
    glGetNamedBufferParameteriv(buffer, GL_BUFFER_MAPPED, &mapped);
    EXPECT_EQ(size, kSize);
    EXPECT_EQ(mapped, GL_FALSE);
    EXPECT_EQ(contents(buffer, kSize), data);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glDeleteBuffers(1, &buffer);
  }
}

TEST_F(GlBuffer, InvalidCallsWhileMappedChangeNothing) {
  const Bytes data = pattern(kSize, 110);
  GLuint buffer = make_buffer(data);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  auto* map = static_cast<std::uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 100, 200, GL_MAP_READ_BIT));
  ASSERT_NE(map, nullptr);
  Bytes scratch(kSize, 0x5A);

  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 10, GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "mapping a mapped buffer";
  EXPECT_EQ(glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMapBuffer of a mapped buffer";
  glBufferSubData(GL_ARRAY_BUFFER, 0, 4, scratch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "BufferSubData while mapped";
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, 4, scratch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "GetBufferSubData while mapped";
  glCopyNamedBufferSubData(buffer, buffer, 0, 500, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "copy while mapped";
  glInvalidateBufferData(buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "invalidate while mapped";
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "flush without MAP_FLUSH_EXPLICIT";

  // The first mapping is intact.
  GLint64 offset = -1, length = -1;
  glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET, &offset);
  glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH, &length);
  EXPECT_EQ(offset, 100);
  EXPECT_EQ(length, 200);
  EXPECT_EQ(Bytes(map, map + 200), Bytes(data.begin() + 100, data.begin() + 300));
  EXPECT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  EXPECT_EQ(contents(buffer, kSize), data);

  // Flush beyond the mapped length.
  map = static_cast<std::uint8_t*>(
      glMapBufferRange(GL_ARRAY_BUFFER, 0, 100, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
  ASSERT_NE(map, nullptr);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 50, 51);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
  EXPECT_EQ(contents(buffer, kSize), data);
  glDeleteBuffers(1, &buffer);
}

TEST_F(GlBuffer, AStoreTooLargeForTheDeviceIsOutOfMemoryAndChangesNothing) {
  const Bytes data = pattern(64, 130);
  GLuint buffer = make_buffer(data);
  glNamedBufferData(buffer, GLsizeiptr(1) << 50, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_OUT_OF_MEMORY));
  GLint64 size = 0;
  glGetNamedBufferParameteri64v(buffer, GL_BUFFER_SIZE, &size);
  EXPECT_EQ(size, 64);
  EXPECT_EQ(contents(buffer, 64), data);
  GLuint immutable = 0;
  glCreateBuffers(1, &immutable);
  glNamedBufferStorage(immutable, GLsizeiptr(1) << 50, nullptr, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_OUT_OF_MEMORY));
  GLint is_immutable = -1;
  glGetNamedBufferParameteriv(immutable, GL_BUFFER_IMMUTABLE_STORAGE, &is_immutable);
  EXPECT_EQ(is_immutable, GL_FALSE);
  glDeleteBuffers(1, &buffer);
  glDeleteBuffers(1, &immutable);
}

TEST_F(GlBuffer, ImmutableStorageRules) {
  const Bytes data = pattern(64, 120);
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  glNamedBufferStorage(buffer, 64, data.data(), GL_MAP_READ_BIT);
  glNamedBufferStorage(buffer, 64, nullptr, GL_MAP_READ_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "storage twice";
  glNamedBufferData(buffer, 64, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "BufferData on immutable storage";
  glNamedBufferSubData(buffer, 0, 4, data.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "SubData without DYNAMIC_STORAGE";
  EXPECT_EQ(glMapNamedBufferRange(buffer, 0, 4, GL_MAP_WRITE_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "write map without MAP_WRITE storage";
  EXPECT_EQ(contents(buffer, 64), data);
  glDeleteBuffers(1, &buffer);
}

// GL 4.6 5.1.2: a deleted buffer is unbound from every bind point of the current context, the
// indexed uniform, storage and atomic counter buffer bindings too (their offset and size with it).
TEST_F(GlBuffer, DeletingABufferUnbindsItsIndexedBindings) {
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_UNIFORM_BUFFER, buffers[0]);
  glBufferData(GL_UNIFORM_BUFFER, 256, nullptr, GL_STATIC_DRAW);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, buffers[0]);
  glBindBufferRange(GL_UNIFORM_BUFFER, 1, buffers[0], 0, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffers[0]);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buffers[0]);
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, buffers[1]);  // another buffer stays bound
  glDeleteBuffers(1, &buffers[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  auto indexed = [](GLenum pname, GLuint index) {
    GLint64 value = -1;
    glGetInteger64i_v(pname, index, &value);
    return value;
  };
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 0), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 1), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_SIZE, 1), 0);
  EXPECT_EQ(indexed(GL_SHADER_STORAGE_BUFFER_BINDING, 2), 0);
  EXPECT_EQ(indexed(GL_ATOMIC_COUNTER_BUFFER_BINDING, 0), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 3), GLint64(buffers[1]));
  GLint generic = -1;
  glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
  EXPECT_EQ(generic, GLint(buffers[1]));  // set by the last glBindBufferBase
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(1, &buffers[1]);
}

}  // namespace
}  // namespace glvk::test
