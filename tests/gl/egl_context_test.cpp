// The glvnd EGL vendor through the system libEGL: displays, configs, pbuffers, contexts, errors.
#include <cstring>
#include <string>
#include <thread>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

TEST(Egl, SurfacelessDisplayInitializesAsEgl15FromGlvk) {
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_NE(display, EGL_NO_DISPLAY);
  EGLint major = 0, minor = 0;
  ASSERT_TRUE(eglInitialize(display, &major, &minor));
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 5);
  EXPECT_STREQ(eglQueryString(display, EGL_VENDOR), "glvk");
  EXPECT_STREQ(eglQueryString(display, EGL_CLIENT_APIS), "OpenGL OpenGL_ES");
  const std::string extensions = eglQueryString(display, EGL_EXTENSIONS);
  EXPECT_NE(extensions.find("EGL_KHR_surfaceless_context"), std::string::npos);
  EXPECT_NE(extensions.find("EGL_KHR_create_context"), std::string::npos);
  // The client extension string (libglvnd merges the vendor's platform list into it).
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  ASSERT_NE(client, nullptr);
  EXPECT_NE(std::string(client).find("EGL_MESA_platform_surfaceless"), std::string::npos);
  // eglGetPlatformDisplayEXT (EGL_EXT_platform_base), which programs look for before using it.
  EXPECT_NE(std::string(client).find("EGL_EXT_platform_base"), std::string::npos);
  // EGL_MESA_configless_context, the older name of EGL_KHR_no_config_context (the same token value).
  EXPECT_NE(extensions.find("EGL_MESA_configless_context"), std::string::npos);
}

TEST(Egl, DefaultDisplayInitializes) {
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  ASSERT_NE(display, EGL_NO_DISPLAY);
  EXPECT_TRUE(eglInitialize(display, nullptr, nullptr));
  EXPECT_STREQ(eglQueryString(display, EGL_VENDOR), "glvk");
}

TEST(Egl, BadDisplayHandles) {
  int not_a_display = 0;
  EXPECT_FALSE(eglInitialize(reinterpret_cast<EGLDisplay>(&not_a_display), nullptr, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  // A surfaceless display has no native display of its own.
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, &not_a_display, nullptr), EGL_NO_DISPLAY);
}

TEST(Egl, ConfigsSupportPbuffersAndDesktopGl) {
  EGLDisplay display = surfaceless_display();
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8,
                           EGL_DEPTH_SIZE, 24, EGL_NONE};
  EGLConfig configs[16];
  EGLint count = 0;
  ASSERT_TRUE(eglChooseConfig(display, wanted, configs, 16, &count));
  ASSERT_GT(count, 0);
  for (EGLint i = 0; i < count; ++i) {
    EGLint value = 0;
    ASSERT_TRUE(eglGetConfigAttrib(display, configs[i], EGL_DEPTH_SIZE, &value));
    EXPECT_GE(value, 24);
    ASSERT_TRUE(eglGetConfigAttrib(display, configs[i], EGL_SURFACE_TYPE, &value));
    EXPECT_TRUE(value & EGL_PBUFFER_BIT);
    ASSERT_TRUE(eglGetConfigAttrib(display, configs[i], EGL_RED_SIZE, &value));
    EXPECT_GE(value, 8);
  }
  EGLint total = 0;
  ASSERT_TRUE(eglGetConfigs(display, nullptr, 0, &total));
  EXPECT_GE(total, count);
  // Bad attribute names and a missing count pointer.
  const EGLint bogus[] = {0x7777, 1, EGL_NONE};
  EXPECT_FALSE(eglChooseConfig(display, bogus, configs, 16, &count));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_FALSE(eglGetConfigs(display, configs, 16, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EGLint value = 0;
  EXPECT_FALSE(eglGetConfigAttrib(display, configs[0], 0x7777, &value));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  int not_a_config = 0;
  EXPECT_FALSE(eglGetConfigAttrib(display, &not_a_config, EGL_RED_SIZE, &value));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
}

EGLConfig pbuffer_config() {
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  eglChooseConfig(surfaceless_display(), wanted, &config, 1, &count);
  return count == 1 ? config : nullptr;
}

TEST(Egl, PbufferSurfaceCreateQuerySwapDestroy) {
  EGLDisplay display = surfaceless_display();
  EGLConfig config = pbuffer_config();
  ASSERT_NE(config, nullptr);
  const EGLint size[] = {EGL_WIDTH, 64, EGL_HEIGHT, 32, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  EGLint width = 0, height = 0;
  EXPECT_TRUE(eglQuerySurface(display, surface, EGL_WIDTH, &width));
  EXPECT_TRUE(eglQuerySurface(display, surface, EGL_HEIGHT, &height));
  EXPECT_EQ(width, 64);
  EXPECT_EQ(height, 32);

  // Swapping a surface that is not current to this thread's context is an error.
  EXPECT_FALSE(eglSwapBuffers(display, surface));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);

  // With OpenGL ES bound and no version named, EGL asks for ES 1.0, which glvk does not have
  // (EGL_KHR_create_context: EGL_BAD_MATCH); es_context_test.cpp has the ES versions it serves.
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_ES_API));
  EXPECT_EQ(eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);
  ASSERT_NE(context, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, surface, surface, context));
  EXPECT_TRUE(eglSwapBuffers(display, surface));
  EGLint render_buffer = 0;
  EXPECT_TRUE(eglQueryContext(display, context, EGL_RENDER_BUFFER, &render_buffer));
  EXPECT_EQ(render_buffer, EGL_BACK_BUFFER);
  EXPECT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglDestroyContext(display, context));
  EXPECT_TRUE(eglDestroySurface(display, surface));
  // Destroyed handles are bad handles.
  EXPECT_FALSE(eglQuerySurface(display, surface, EGL_WIDTH, &width));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
}

TEST(Egl, PbufferAttributeErrors) {
  EGLDisplay display = surfaceless_display();
  EGLConfig config = pbuffer_config();
  ASSERT_NE(config, nullptr);
  const EGLint negative[] = {EGL_WIDTH, -1, EGL_HEIGHT, 8, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(display, config, negative), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  const EGLint unknown[] = {0x7777, 1, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(display, config, unknown), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  const EGLint texture[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(display, config, texture), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
}

TEST(Egl, ContextVersionAndProfileAttributesAreHonoured) {
  EGLDisplay display = surfaceless_display();
  struct Case {
    EGLint major, minor, profile;
    GLint want_profile;
  } cases[] = {
      {3, 3, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, GL_CONTEXT_CORE_PROFILE_BIT},
      {4, 6, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT},
      // Below 3.2 the profile mask does not apply: the context is a compatibility one.
      {2, 1, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT},
  };
  for (const Case& c : cases) {
    EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, c.major, EGL_CONTEXT_MINOR_VERSION, c.minor,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK, c.profile});
    ASSERT_NE(context, EGL_NO_CONTEXT) << c.major << "." << c.minor;
    ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
    GLint profile = 0, major = 0, minor = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    EXPECT_EQ(profile, c.want_profile) << c.major << "." << c.minor;
    // The context's version is at least the one asked for.
    EXPECT_GE(major * 10 + minor, c.major * 10 + c.minor);
    EGLint client_version = 0;
    EXPECT_TRUE(eglQueryContext(display, context, EGL_CONTEXT_CLIENT_VERSION, &client_version));
    EXPECT_EQ(client_version, c.major);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
  }
}

TEST(Egl, DebugContextFlagTurnsDebugOutputOn) {
  EGLDisplay display = surfaceless_display();
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                       EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
  ASSERT_NE(context, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_TRUE(flags & GL_CONTEXT_FLAG_DEBUG_BIT);
  EXPECT_TRUE(glIsEnabled(GL_DEBUG_OUTPUT));
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
}

// EGL_EXT_create_context_robustness and EGL 1.5: the reset notification strategy is the
// context's GL_RESET_NOTIFICATION_STRATEGY (KHR_robustness); a share context of the other strategy
// is EGL_BAD_MATCH; robust buffer access, which glvk's device does not enable, is refused with
// EGL_BAD_MATCH (EGL_KHR_create_context: a request the implementation cannot serve).
TEST(Egl, ResetNotificationStrategyIsTheContexts) {
  EGLDisplay display = surfaceless_display();
  const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
  ASSERT_NE(extensions, nullptr);
  EXPECT_NE(std::strstr(extensions, "EGL_EXT_create_context_robustness"), nullptr);
  for (EGLint attribute : {EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY}) {
    EGLContext lose = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, attribute,
                                      EGL_LOSE_CONTEXT_ON_RESET_EXT});
    ASSERT_NE(lose, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, lose));
    GLint strategy = 0, flags = -1;
    glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    EXPECT_EQ(strategy, GL_LOSE_CONTEXT_ON_RESET);
    EXPECT_EQ(flags & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, 0);
    EXPECT_EQ(glGetGraphicsResetStatus(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    // Sharing needs the same strategy.
    const EGLint no_reset[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_NONE};
    EXPECT_EQ(eglCreateContext(display, EGL_NO_CONFIG_KHR, lose, no_reset), EGL_NO_CONTEXT);
    EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, lose);
  }
  EGLContext plain = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
  ASSERT_NE(plain, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, plain));
  GLint strategy = 0;
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
  EXPECT_EQ(strategy, GL_NO_RESET_NOTIFICATION);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, plain);
  EXPECT_EQ(create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_EQ(create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, 0x1234}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

// EGL_KHR_create_context_no_error: a no-error context has GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR and
// advertises GL_KHR_no_error; no-error with debug or robust access, or sharing between a no-error
// context and another, is EGL_BAD_MATCH. glvk still records errors there (undefined behaviour
// includes that), so the invalid enum below is still reported.
TEST(Egl, NoErrorContexts) {
  EGLDisplay display = surfaceless_display();
  EXPECT_NE(std::strstr(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_create_context_no_error"), nullptr);
  EGLContext quiet = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
                                     EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE});
  ASSERT_NE(quiet, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, quiet));
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(flags, GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR);
  EXPECT_TRUE(has_extension("GL_KHR_no_error"));
  glEnable(0x1234);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  const EGLint plain_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_NONE};
  EXPECT_EQ(eglCreateContext(display, EGL_NO_CONFIG_KHR, quiet, plain_attributes), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  const EGLint quiet_attributes[] = {EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE};
  EGLContext shared = eglCreateContext(display, EGL_NO_CONFIG_KHR, quiet, quiet_attributes);
  EXPECT_NE(shared, EGL_NO_CONTEXT);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, shared);
  eglDestroyContext(display, quiet);
  EXPECT_EQ(create_context({EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_EQ(create_context({EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // EGL_FALSE asks for an ordinary context.
  EGLContext plain = create_context({EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_FALSE});
  ASSERT_NE(plain, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, plain));
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(flags & GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR, 0);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, plain);
}

TEST(Egl, ContextCreationErrors) {
  EGLDisplay display = surfaceless_display();
  auto expect_failure = [&](std::vector<EGLint> attributes, EGLint error, const char* what) {
    EXPECT_EQ(create_context(std::move(attributes)), EGL_NO_CONTEXT) << what;
    EXPECT_EQ(eglGetError(), error) << what;
  };
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 7}, EGL_BAD_MATCH, "GL 4.7");
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 4}, EGL_BAD_MATCH, "GL 3.4");
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 5}, EGL_BAD_MATCH, "GL 5.0");
  expect_failure({0x7777, 1}, EGL_BAD_ATTRIBUTE, "unknown attribute");
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE}, EGL_BAD_MATCH,
                 "forward-compatible 2.0");
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_OPENGL_PROFILE_MASK, 0x8}, EGL_BAD_MATCH,
                 "unknown profile bit");
  // EGL_KHR_create_context: from 3.2 on the mask names exactly one profile (none or both: EGL_BAD_MATCH);
  // below 3.2 it is not looked at.
  const EGLint both = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT | EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_CONTEXT_OPENGL_PROFILE_MASK, both},
                 EGL_BAD_MATCH, "both profiles at 3.2");
  expect_failure({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_CONTEXT_OPENGL_PROFILE_MASK, 0},
                 EGL_BAD_MATCH, "no profile at 4.6");
  EGLContext old_version = create_context({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1,
                                           EGL_CONTEXT_OPENGL_PROFILE_MASK, both});
  EXPECT_NE(old_version, EGL_NO_CONTEXT) << "the mask of a 3.1 request is ignored";
  eglDestroyContext(display, old_version);
  // Robust access is not one of an ES context's flags (EGL_KHR_create_context defines them for
  // OpenGL; EGL_EXT_create_context_robustness's attribute asks for it), as Mesa has it.
  eglBindAPI(EGL_OPENGL_ES_API);
  const EGLint es_robust[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR,
                              EGL_NONE};
  EXPECT_EQ(eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es_robust), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  eglBindAPI(EGL_OPENGL_API);
  int not_a_context = 0;
  eglBindAPI(EGL_OPENGL_API);
  EXPECT_EQ(eglCreateContext(display, EGL_NO_CONFIG_KHR, &not_a_context, nullptr), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

// EGL_MESA_platform_surfaceless: no native windows or pixmaps there, whatever the config (the
// EXT entry points too); EGL_KHR_get_all_proc_addresses is listed with its client counterpart.
TEST(Egl, SurfacelessPlatformHasNoNativeSurfaces) {
  EGLDisplay display = surfaceless_display();
  EXPECT_EQ(eglCreatePlatformWindowSurface(display, EGL_NO_CONFIG_KHR, nullptr, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
  EXPECT_EQ(eglCreatePlatformPixmapSurface(display, EGL_NO_CONFIG_KHR, nullptr, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
  auto pixmap_ext = reinterpret_cast<PFNEGLCREATEPLATFORMPIXMAPSURFACEEXTPROC>(
      eglGetProcAddress("eglCreatePlatformPixmapSurfaceEXT"));
  ASSERT_NE(pixmap_ext, nullptr);
  EXPECT_EQ(pixmap_ext(display, EGL_NO_CONFIG_KHR, nullptr, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
  EXPECT_NE(std::string(eglQueryString(display, EGL_EXTENSIONS)).find("EGL_KHR_get_all_proc_addresses"),
            std::string::npos);
}

// EGL_KHR_context_flush_control / KHR_context_flush_control: the release behaviour asked for is the
// context's GL_CONTEXT_RELEASE_BEHAVIOR (FLUSH by default, GL_NONE asked); other values are
// EGL_BAD_ATTRIBUTE.
TEST(Egl, ContextReleaseBehaviour) {
  EGLDisplay display = surfaceless_display();
  EXPECT_NE(std::string(eglQueryString(display, EGL_EXTENSIONS)).find("EGL_KHR_context_flush_control"),
            std::string::npos);
  struct Case {
    std::vector<EGLint> attributes;
    GLint want;
  } cases[] = {{{EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6}, GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH},
               {{EGL_CONTEXT_RELEASE_BEHAVIOR_KHR, EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR}, GL_NONE},
               {{EGL_CONTEXT_RELEASE_BEHAVIOR_KHR, EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR}, GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH}};
  for (const Case& c : cases) {
    EGLContext context = create_context(c.attributes);
    ASSERT_NE(context, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
    GLint behaviour = -1;
    glGetIntegerv(GL_CONTEXT_RELEASE_BEHAVIOR, &behaviour);
    EXPECT_EQ(behaviour, c.want);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
  }
  EXPECT_EQ(create_context({EGL_CONTEXT_RELEASE_BEHAVIOR_KHR, 0x1234}), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

// A context without a config makes current a draw and read surface of one config only.
TEST(Egl, ConfiglessContextTakesSurfacesOfOneConfig) {
  EGLDisplay display = surfaceless_display();
  EGLConfig configs[2];
  EGLint count = 0;
  const EGLint with_depth[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_DEPTH_SIZE, 24, EGL_NONE};
  const EGLint without_alpha[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_ALPHA_SIZE, 0, EGL_DEPTH_SIZE, 0, EGL_NONE};
  ASSERT_TRUE(eglChooseConfig(display, with_depth, &configs[0], 1, &count) && count == 1);
  ASSERT_TRUE(eglChooseConfig(display, without_alpha, &configs[1], 1, &count) && count == 1);
  ASSERT_NE(configs[0], configs[1]);
  const EGLint size[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
  EGLSurface a = eglCreatePbufferSurface(display, configs[0], size);
  EGLSurface b = eglCreatePbufferSurface(display, configs[1], size);
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
  ASSERT_NE(context, EGL_NO_CONTEXT);
  EXPECT_FALSE(eglMakeCurrent(display, a, b, context));
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_TRUE(eglMakeCurrent(display, a, a, context));
  EXPECT_TRUE(eglMakeCurrent(display, b, b, context));
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(display, a);
  eglDestroySurface(display, b);
  eglDestroyContext(display, context);
}

// EGL 1.5 3.8 / EGL_KHR_fence_sync / EGL_KHR_wait_sync: a fence after the current context's
// commands, its attributes, client and server waits, and the errors the specifications name
// (an unknown type is EGL_BAD_PARAMETER in EGL 1.5, EGL_BAD_ATTRIBUTE in the KHR extension).
TEST(Egl, FenceSyncs) {
  EGLDisplay display = surfaceless_display();
  const std::string extensions = eglQueryString(display, EGL_EXTENSIONS);
  EXPECT_NE(extensions.find("EGL_KHR_fence_sync"), std::string::npos);
  EXPECT_NE(extensions.find("EGL_KHR_wait_sync"), std::string::npos);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  EXPECT_EQ(eglCreateSync(display, EGL_SYNC_FENCE, nullptr), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH) << "no current context";
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  EXPECT_EQ(eglCreateSync(display, 0x1234, nullptr), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  auto create_khr = reinterpret_cast<PFNEGLCREATESYNCKHRPROC>(eglGetProcAddress("eglCreateSyncKHR"));
  auto attrib_khr = reinterpret_cast<PFNEGLGETSYNCATTRIBKHRPROC>(eglGetProcAddress("eglGetSyncAttribKHR"));
  auto destroy_khr = reinterpret_cast<PFNEGLDESTROYSYNCKHRPROC>(eglGetProcAddress("eglDestroySyncKHR"));
  ASSERT_TRUE(create_khr && attrib_khr && destroy_khr);
  EXPECT_EQ(create_khr(display, 0x1234, nullptr), EGL_NO_SYNC_KHR);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  const EGLAttrib some[] = {EGL_SYNC_STATUS, EGL_SIGNALED, EGL_NONE};
  EXPECT_EQ(eglCreateSync(display, EGL_SYNC_FENCE, some), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);

  glClearColor(1, 0, 0, 1);
  EGLSync sync = eglCreateSync(display, EGL_SYNC_FENCE, nullptr);
  ASSERT_NE(sync, EGL_NO_SYNC);
  EGLAttrib value = 0;
  EXPECT_TRUE(eglGetSyncAttrib(display, sync, EGL_SYNC_TYPE, &value));
  EXPECT_EQ(value, EGL_SYNC_FENCE);
  EXPECT_TRUE(eglGetSyncAttrib(display, sync, EGL_SYNC_CONDITION, &value));
  EXPECT_EQ(value, EGL_SYNC_PRIOR_COMMANDS_COMPLETE);
  EXPECT_EQ(eglClientWaitSync(display, sync, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER), EGL_CONDITION_SATISFIED);
  EXPECT_TRUE(eglGetSyncAttrib(display, sync, EGL_SYNC_STATUS, &value));
  EXPECT_EQ(value, EGL_SIGNALED);
  EGLint khr_value = 0;
  EXPECT_TRUE(attrib_khr(display, sync, EGL_SYNC_TYPE_KHR, &khr_value));
  EXPECT_EQ(khr_value, EGL_SYNC_FENCE_KHR);
  value = 77;
  EXPECT_FALSE(eglGetSyncAttrib(display, sync, EGL_BUFFER_PRESERVED, &value));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(value, 77) << "untouched on an error";
  EXPECT_TRUE(eglWaitSync(display, sync, 0));
  EXPECT_FALSE(eglWaitSync(display, sync, 1));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  int not_a_sync = 0;
  EXPECT_EQ(eglClientWaitSync(display, &not_a_sync, 0, 0), EGL_FALSE);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_TRUE(destroy_khr(display, sync));
  EXPECT_FALSE(eglDestroySync(display, sync));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  // A fence of work not yet submitted is waited for (the wait submits it): glClear then a wait.
  glClear(GL_COLOR_BUFFER_BIT);
  sync = eglCreateSync(display, EGL_SYNC_FENCE, nullptr);
  EXPECT_EQ(eglClientWaitSync(display, sync, 0, EGL_FOREVER), EGL_CONDITION_SATISFIED);
  EXPECT_TRUE(eglDestroySync(display, sync));
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
}

TEST(Egl, MakeCurrentErrors) {
  EGLDisplay display = surfaceless_display();
  int not_a_context = 0;
  EXPECT_FALSE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, &not_a_context));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3});
  ASSERT_NE(context, EGL_NO_CONTEXT);
  int not_a_surface = 0;
  EXPECT_FALSE(eglMakeCurrent(display, &not_a_surface, &not_a_surface, context));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
  // Draw without read (or the reverse) is a mismatch.
  EGLConfig config = pbuffer_config();
  const EGLint size[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  EXPECT_FALSE(eglMakeCurrent(display, surface, EGL_NO_SURFACE, context));
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  eglDestroySurface(display, surface);
  eglDestroyContext(display, context);
}

TEST(Egl, AContextIsCurrentToOneThreadAtATime) {
  EGLDisplay display = surfaceless_display();
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3});
  ASSERT_NE(context, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  EGLBoolean other_thread_result = EGL_TRUE;
  EGLint other_thread_error = EGL_SUCCESS;
  std::thread other([&] {
    eglBindAPI(EGL_OPENGL_API);
    other_thread_result = eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
    other_thread_error = eglGetError();
    eglReleaseThread();
  });
  other.join();
  EXPECT_FALSE(other_thread_result);
  EXPECT_EQ(other_thread_error, EGL_BAD_ACCESS);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
}

TEST(Egl, TerminateKeepsTheCurrentContextUntilReleased) {
  EGLDisplay display = surfaceless_display();
  EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5});
  ASSERT_NE(context, EGL_NO_CONTEXT);
  EGLContext idle = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5});
  ASSERT_NE(idle, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  ASSERT_TRUE(eglTerminate(display));
  // Still usable while current, buffers included.
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  const std::uint8_t data[4] = {1, 2, 3, 4};
  glNamedBufferData(buffer, 4, data, GL_STATIC_DRAW);
  std::uint8_t back[4] = {};
  glGetNamedBufferSubData(buffer, 0, 4, back);
  EXPECT_EQ(std::memcmp(back, data, 4), 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(1, &buffer);
  // A terminated display refuses new work but lets the thread release its context.
  EXPECT_EQ(create_context({EGL_CONTEXT_MAJOR_VERSION, 3}), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  EXPECT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  // Re-initialized, the old handles are gone.
  ASSERT_TRUE(eglInitialize(display, nullptr, nullptr));
  EXPECT_FALSE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
  EXPECT_FALSE(eglDestroyContext(display, idle));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST(Egl, GetProcAddressFindsGlAndEglFunctions) {
  surfaceless_display();
  EXPECT_NE(eglGetProcAddress("glBufferStorage"), nullptr);
  EXPECT_NE(eglGetProcAddress("glMapNamedBufferRange"), nullptr);
  EXPECT_NE(eglGetProcAddress("eglCreateContext"), nullptr);
}

}  // namespace
}  // namespace glvk::test
