#!/usr/bin/env python3
"""Write the piglit test list from the installed piglit's opengl and shader profiles.

Output lines: `<piglit test name> | <command and arguments> | <kind>`. The list is regenerated,
never edited:
  tests/piglit/list_tests.py > tests/piglit/tests.txt

Kinds (compare.py counts each):
  framebuffer  issue 6's framebuffer tests (fbo-*, clearbuffer-*, copyteximage, read-front).
  gl3          the C tests of the GL 3.x groups below (GROUPS), of SSO_GROUPS and of DSA_GROUPS.
  gl1          the C tests of the GL 1.0-2.1 groups (LEGACY_GROUPS: issue 14's legacy GL).
  core-draw    shader_runner tests of GROUPS that draw, whose [require] a GL 4.6 core context meets
               and whose shaders and commands use no compatibility-profile feature (gl_Vertex,
               matrices, gl_Color, glShadeModel, glClipPlane, ...): the drawing subset.
  compat-draw  shader_runner tests that draw through a compatibility-profile feature.
  link         shader_runner tests that only compile and link (no draw command).
  es           issue 15's OpenGL ES groups (ES_GROUPS: GLSL ES 1.00-3.20 and !opengl es 2.0/3.0):
               their C tests, shader_runner_gles2/3 tests and glslparsertest compiler tests, which
               run in ES contexts, listed after SSO_GROUPS.
  egl          issue 16's EGL groups (spec@egl*: contexts, surfaces, images, sync, extensions), every
               test, listed last; run like the other surfaceless tests (those that want X open it).
  window       tests that need a window system (run_piglit.sh runs them with PIGLIT_PLATFORM=glx
               under Xvfb, without -fbo): the framebuffer tests that read or blit the window's
               own buffers (WINDOW), and issue 16's glx@ group, listed last.

The generated built-in function tests (two thirds of the shader tests) and the C test families with
one binary run many times with different arguments are sampled deterministically (SAMPLE_EVERY,
FAMILY_LIMIT) to keep a run near half an hour per driver on two cores; everything else in GROUPS is
listed.
"""
import ast
import gzip
import html
import os
import re
import sys

ROOT = "/usr/lib/x86_64-linux-gnu/piglit"
FRAMEBUFFER = re.compile(r"^(fbo-|clearbuffer-|copyteximage|read-front)")
# Framebuffer tests of the window's own buffers: they cannot run surfaceless (every driver crashes).
WINDOW = re.compile(r"^(read-front|fbo-sys-blit|fbo-sys-sub-blit|fbo-blit-check-limits)$")
GROUPS = re.compile(r"^spec@(glsl-1\.[345]0|arb_vertex_array_object|arb_draw_instanced|arb_uniform_buffer_object|"
                    r"arb_instanced_arrays|arb_draw_elements_base_vertex|!opengl 3\.[0-3]|"
                    r"arb_occlusion_query2?|arb_timer_query|ext_timer_query|nv_conditional_render|"
                    r"arb_conditional_render_inverted|arb_transform_feedback2)@")
# Issue 14's legacy groups: GL 1.0-2.1, their GLSL versions, point sprites and fog coordinates.
LEGACY_GROUPS = re.compile(r"^spec@(glsl-1\.[12]0|arb_point_sprite|ext_fog_coord|!opengl (1\.[0-5]|2\.[01]))@")
# Issue 13's separate shader objects, program binaries, sync objects, program interface queries,
# buffer clears, packed vertex types, compute shaders, storage blocks, atomic counters, image units,
# texture barriers, tessellation shaders, double attributes, texture clears and internal format
# queries, doubles (arb_gpu_shader_fp64), cull distances, listed after the legacy groups.
SSO_GROUPS = re.compile(r"^spec@(arb_separate_shader_objects|arb_get_program_binary|arb_sync|"
                        r"arb_program_interface_query|arb_clear_buffer_object|arb_vertex_type_2_10_10_10_rev|"
                        r"arb_vertex_type_10f_11f_11f_rev|arb_compute_shader|arb_shader_storage_buffer_object|"
                        r"arb_shader_atomic_counters|arb_shader_image_load_store|arb_texture_barrier|"
                        r"arb_tessellation_shader|arb_vertex_attrib_64bit|arb_clear_texture|"
                        r"arb_internalformat_query2?|arb_gpu_shader_fp64|arb_cull_distance|arb_explicit_uniform_location|"
                        r"arb_shader_atomic_counter_ops)@")
# Issue 15's OpenGL ES groups, from the opengl, shader and glslparser profiles (about 370 tests,
# every one: a few minutes per driver).
ES_GROUPS = re.compile(r"^spec@(glsl-es-(1\.00|3\.00|3\.10|3\.20)|!opengl es [23]\.0)@")
# Issue 15's GL 4.5 direct state access group (27 C tests), listed after the ES groups.
DSA_GROUPS = re.compile(r"^spec@arb_direct_state_access@")
# Generated tests, sorted by name, keep every Nth. The 1.30 built-in function tests run each function
# in a vertex and a fragment shader and draw with gl_Vertex; the 1.50 ones run it in a geometry shader.
SAMPLE_EVERY = [
    ("generated_tests/spec/glsl-1.10/execution/built-in-functions/", 10),
    ("generated_tests/spec/glsl-1.20/execution/built-in-functions/", 10),
    ("generated_tests/spec/glsl-1.10/execution/variable-indexing/", 10),
    ("generated_tests/spec/glsl-1.20/execution/variable-indexing/", 10),
    ("generated_tests/spec/glsl-1.50/execution/built-in-functions/", 10),
    ("generated_tests/spec/glsl-1.30/execution/built-in-functions/", 10),
    ("generated_tests/spec/glsl-1.30/execution/interpolation/", 10),
    ("generated_tests/spec/glsl-1.30/linker/interpolation-qualifiers/", 10),
    ("generated_tests/spec/arb_tessellation_shader/execution/built-in-functions/", 20),
    ("generated_tests/spec/arb_vertex_attrib_64bit/execution/vs_in/", 200),
    ("generated_tests/spec/arb_gpu_shader_fp64/execution/built-in-functions/", 20),
    ("generated_tests/spec/arb_gpu_shader_fp64/execution/inout/", 10),
    ("generated_tests/spec/arb_gpu_shader_fp64/execution/conversion/", 5),
]
FAMILY_LIMIT = 12  # C binaries listed more often than this: that many, evenly spaced by name

# Extensions a GL 4.6 core context has (promoted to core by 4.6) that the groups' tests require.
CORE_46_EXTENSIONS = {
    "GL_ARB_uniform_buffer_object", "GL_ARB_draw_instanced", "GL_ARB_texture_rg",
    "GL_ARB_explicit_attrib_location", "GL_EXT_provoking_vertex", "GL_ARB_compute_shader",
    "GL_ARB_shader_storage_buffer_object", "GL_ARB_arrays_of_arrays", "GL_ARB_instanced_arrays",
    "GL_ARB_draw_elements_base_vertex", "GL_ARB_vertex_array_object",
    "GL_ARB_separate_shader_objects", "GL_ARB_get_program_binary", "GL_ARB_gpu_shader_fp64",
    "GL_ARB_vertex_attrib_64bit",
}
# Shader built-ins that read or write fixed-function state (removed from the core profile).
COMPAT_BUILTINS = re.compile(
    r"\b(gl_(Vertex|Normal|Color|SecondaryColor|MultiTexCoord\d|FogCoord|FrontColor|BackColor|"
    r"FrontSecondaryColor|BackSecondaryColor|TexCoord|FogFragCoord|ClipVertex|ModelView\w*|"
    r"Projection\w*|TextureMatrix\w*|NormalMatrix|NormalScale|ClipPlane|Point\b|PointParameters|"
    r"\w*Material|\w*Light\w*|TextureEnvColor|EyePlane\w|ObjectPlane\w|Fog\b)|ftransform)\b")
# shader_runner commands that set fixed-function state (core has GL_CLIP_DISTANCEi, same enum as
# GL_CLIP_PLANEi, so enabling those is core).
COMPAT_COMMANDS = re.compile(r"^\s*(shade model|frustum|ortho\b|clip plane|enable GL_VERTEX_PROGRAM_TWO_SIDE|"
                             r"fixed-function|texenv)", re.M)
DRAW_COMMANDS = re.compile(r"^\s*draw (rect|arrays|instanced|elements|arrays instanced)", re.M)


def tests(profile):
    with gzip.open(f"{ROOT}/tests/{profile}.xml.gz", "rt") as f:
        data = f.read()
    for name, body in re.findall(r'<Test type="[^"]+" name="([^"]+)">(.*?)</Test>', data, re.S):
        command = re.search(r'<option name="command" value="([^"]*)"', body)
        if command:
            yield name, ast.literal_eval(html.unescape(command.group(1)))


def section(text, title):
    match = re.search(r"^\[" + re.escape(title) + r"\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    return match.group(1) if match else ""


def core_satisfiable(require):
    for line in require.splitlines():
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] in ("GL", "GLSL") and len(words) == 3:
            if float(words[2]) > (4.6 if words[0] == "GL" else 4.60):
                return False
        elif words[0] in ("GL", "GLSL"):  # GL COMPAT, GL ES, GLSL ES
            return False
        elif words[0].startswith("GL_") and not words[0].startswith("GL_MAX_") and len(words) == 1:
            if words[0] not in CORE_46_EXTENSIONS:
                return False
    return True


def shader_kind(path):
    with open(f"{ROOT}/{path}", errors="replace") as f:
        text = f.read()
    commands = section(text, "test")
    if not DRAW_COMMANDS.search(commands):
        return "link"
    shaders = re.sub(r"^\[(require|test)\]\n.*?(?=^\[|\Z)", "", text, flags=re.M | re.S)
    shaders = re.sub(r"//[^\n]*|#(?!version|extension)[^\n]*", "", shaders)
    if (not core_satisfiable(section(text, "require")) or COMPAT_BUILTINS.search(shaders)
            or COMPAT_COMMANDS.search(commands)):
        return "compat-draw"
    return "core-draw"


def sampled(entries):
    """entries: (name, argv) sorted by name; keeps the deterministic subset described above."""
    kept = []
    families = {}
    for name, argv in entries:
        families.setdefault(argv[0], []).append(name)
    position = {}
    for name, argv in entries:
        if argv[0] == "shader_runner":
            directory = argv[1].rsplit("/", 1)[0] + "/"
            every = next((n for prefix, n in SAMPLE_EVERY if directory == prefix), 1)
            position[directory] = position.get(directory, -1) + 1
            if position[directory] % every:
                continue
        else:
            family = families[argv[0]]
            if len(family) > FAMILY_LIMIT:
                picks = {family[i * len(family) // FAMILY_LIMIT] for i in range(FAMILY_LIMIT)}
                if name not in picks:
                    continue
        kept.append((name, argv))
    return kept


out = []
for name, argv in tests("opengl"):
    if FRAMEBUFFER.match(argv[0]):
        out.append((name, argv, "window" if WINDOW.match(argv[0]) else "framebuffer"))
groups = sorted((n, a) for profile in ("opengl", "shader") for n, a in tests(profile)
                if GROUPS.match(n) and not FRAMEBUFFER.match(a[0])
                and (a[0] == "shader_runner" or not a[0].startswith("shader_runner")))
# The legacy groups come after, sampled on their own (so the lists above stay as they were).
legacy = sorted((n, a) for profile in ("opengl", "shader") for n, a in tests(profile)
                if LEGACY_GROUPS.match(n) and not FRAMEBUFFER.match(a[0])
                and (a[0] == "shader_runner" or not a[0].startswith("shader_runner")))
# Then the separate shader object and program binary groups, on their own too.
sso = sorted((n, a) for profile in ("opengl", "shader") for n, a in tests(profile)
             if SSO_GROUPS.match(n) and not FRAMEBUFFER.match(a[0])
             and (a[0] == "shader_runner" or not a[0].startswith("shader_runner")))
# Then the ES groups, on their own too.
es = sorted((n, a) for profile in ("opengl", "shader", "glslparser") for n, a in tests(profile)
            if ES_GROUPS.match(n) and not FRAMEBUFFER.match(a[0]))
# (Not sampled: their compiler and shader_runner binaries are single families of 300 and 49.)
# Then the direct state access group, every test.
dsa = sorted((n, a) for n, a in tests("opengl") if DSA_GROUPS.match(n) and not FRAMEBUFFER.match(a[0]))
for name, argv in sampled(groups) + sampled(legacy) + sampled(sso) + es + dsa:
    if ES_GROUPS.match(name):
        kind = "es"
    else:
        kind = shader_kind(argv[1]) if argv[0] == "shader_runner" else "gl1" if LEGACY_GROUPS.match(name) else "gl3"
    # run_piglit.sh runs tests in piglit's bin/: data files named relative to piglit's root or its
    # tests/ (where piglit runs the built-in constants tests) are given by absolute path.
    argv = argv[:1] + [next((f"{base}/{a}" for base in (ROOT, f"{ROOT}/tests") if os.path.isfile(f"{base}/{a}")), a)
                       for a in argv[1:]]
    out.append((name, argv, kind))
# Issue 16's GLX tests, every one, then its EGL tests, every one, last.
out += [(name, argv, "window") for name, argv in tests("opengl") if name.startswith("glx@")]
out += [(name, argv, "egl") for name, argv in tests("opengl") if name.startswith("spec@egl")]
for name, argv, kind in out:
    sys.stdout.write(f"{name} | {' '.join(argv)} | {kind}\n")
