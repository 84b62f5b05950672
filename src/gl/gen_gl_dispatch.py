#!/usr/bin/env python3
"""Generates glvk's GL dispatch from the Khronos gl.xml.

Inputs: gl.xml, implemented_functions.txt (hand-written entry points), advertised_extensions.txt.
Outputs: gl_api.h (declarations of the hand-written functions, exact C signatures from gl.xml) and
gl_dispatch.cpp (one entry point per command of GL 4.6 compatibility and every GL extension, the
name -> address table, and the extension list).

A command listed as implemented forwards to glvk::gl::api::<Name without "gl">(Context& ctx,
const char* fn, <gl.xml parameters>); so does a command whose gl.xml <alias> (the registry's word
that the two behave alike, e.g. glGenFramebuffersEXT -> glGenFramebuffers) is implemented and has
the same parameter types. The entry point fetches the current context (none: it returns the zero
value and calls nothing) and passes the name of the command actually called as fn, so
implementations neither look up the context nor spell their own names. Any other command reports
itself once (GL_INVALID_OPERATION + GLVK_DEBUG=api log) and returns a zero value.
An advertised extension must have every one of its GL commands implemented, or generation fails;
commands gl.xml requires only "with" another extension (a <require> commented "interactions with
X") count only when X is advertised too.
"""
import re
import sys
import xml.etree.ElementTree as ET


# The commands GL 4.6 compatibility section 10.7.5 allows between glBegin and glEnd (every other
# one raises INVALID_OPERATION there): vertex attributes, materials, array elements, evaluator
# points and display list calls, and glEnd itself.
BETWEEN_BEGIN_END = re.compile(
    r"^gl(Vertex[234]|VertexP[234]|VertexAttrib[IL]?[1-4]|VertexAttribP[1-4]|Color[34]|ColorP[34]|"
    r"SecondaryColor3|SecondaryColorP3|Index(s|i|f|d|ub)v?$|Normal3|NormalP3|FogCoord[fd]|TexCoord[1-4]|"
    r"TexCoordP[1-4]|MultiTexCoord[1-4]|MultiTexCoordP[1-4]|EdgeFlagv?$|Material[fi]|ArrayElement|"
    r"EvalCoord|EvalPoint|CallList|End$)")

# The commands that leave batched immediate-mode primitives undrawn (api_immediate.cpp): glBegin,
# glEnd and the per-vertex values glVertex captures. Every other command draws the batch first, so
# that it sees, and changes, the state only after the primitives issued before it.
KEEPS_IMMEDIATE_BATCH = re.compile(
    r"^gl(Begin|End|Vertex[234]|VertexP[234]|Color[34]|ColorP[34]|SecondaryColor3|SecondaryColorP3|Normal3|"
    r"NormalP3|FogCoord[fd]|TexCoord[1-4]|TexCoordP[1-4]|MultiTexCoord[1-4]|MultiTexCoordP[1-4])"
    r"([bsifd]|u[bsi])?v?(ARB|EXT)?$")

# The commands compiled into a display list while glNewList is in effect (GL 4.6 compatibility
# 21.4): recorded with copies of their array arguments and replayed by glCallList. Every other
# command executes at once (the commands of 21.4.1 must; the rest are not compiled yet).
COMPILED_INTO_LISTS = re.compile(
    r"^gl(Begin|End|Vertex[234][dfis]v?|(Vertex|TexCoord|MultiTexCoord|Color|SecondaryColor|Normal|VertexAttrib)P[1-4]uiv?|Color[34](b|d|f|i|s|ub|ui|us)v?|SecondaryColor3(b|d|f|i|s|ub|ui|us)v?|"
    r"Normal3[bdfis]v?|TexCoord[1-4][dfis]v?|MultiTexCoord[1-4][dfis]v?|FogCoord[fd]v?|EdgeFlagv?|Rect[dfis]v?|"
    r"VertexAttrib[1-4]N?(b|d|f|i|s|ub|ui|us)v?|VertexAttribI[1-4](i|ui)v?|VertexAttribI4(b|s|ub|us)v|VertexAttribL[1-4]dv?|Light[fi]v?|LightModel[fi]v?|Material[fi]v?|ColorMaterial|"
    r"Fog[fi]v?|TexEnv[fi]v?|ShadeModel|AlphaFunc|Enable|Disable|MatrixMode|LoadIdentity|LoadMatrix[fd]|"
    r"MultMatrix[fd]|LoadTransposeMatrix[fd]|MultTransposeMatrix[fd]|Translate[fd]|Rotate[fd]|Scale[fd]|Ortho|"
    r"Frustum|PushMatrix|PopMatrix|BindTexture|ActiveTexture|TexParameter[fi]v?|BlendFunci?|BlendFuncSeparatei?|"
    r"BlendEquationi?|BlendEquationSeparatei?|BlendColor|DepthFunc|DepthMask|ColorMask|CullFace|FrontFace|PolygonMode|"
    r"PolygonOffset|LineWidth|PointSize|Viewport|Scissor|StencilFunc|StencilOp|StencilMask|ClearColor(IiEXT|IuiEXT)?|ClearDepth|"
    r"ClearStencil|Clear|CallList|CallLists|ListBase|UseProgram|DepthRange|RasterPos[234][dfis]v?|"
    r"WindowPos[23][dfis]v?|PixelZoom|ClipPlane|TexGen[dfi]v?|PointParameter[fi]v?|(Begin|End)Query(ARB)?|"
    r"QueryCounter|(Begin|End)ConditionalRender(NV)?|PushAttrib|PopAttrib|LineStipple|PixelTransfer[fi]|"
    r"UseProgramStages|(Program)?Uniform[1-4](f|i|ui|d)v?|(Program)?UniformMatrix[234](x[234])?[fd]v|UniformSubroutinesuiv|"
    r"UniformBlockBinding|ClearBuffer(iv|uiv|fv|fi)|DispatchCompute|"
    r"Index(d|f|i|s|ub)v?|IndexMask|ClearIndex|ClearAccum|Accum|PrioritizeTextures|InitNames|LoadName|PushName|"
    r"PopName|PassThrough|MapGrid[12][df]|EvalCoord[12][df]v?|EvalPoint[12]|EvalMesh[12]|CopyPixels|"
    r"DrawBuffers?|ReadBuffer|Hint|LogicOp|Stencil(Func|Op|Mask)Separate|ColorMaski|Enablei|Disablei|"
    r"SampleCoverage|ProvokingVertex|CopyTexImage[12]D|CopyTexSubImage[123]D|PatchParameter(i|fv)|"
    r"BindProgramARB|Program(Env|Local)Parameter4[fd]v?ARB)$")

# The commands whose implementation compiles itself into a list (with data read at compile time:
# vertex arrays, pixel rectangles, texture images, maps, stipples). Called between glBegin and glEnd
# in a GL_COMPILE_AND_EXECUTE list they are compiled too, as the error their replay raises there.
HAND_COMPILED = re.compile(
    r"^gl(Draw(Arrays|Elements|RangeElements)(BaseVertex)?|MultiDraw(Arrays|Elements)(BaseVertex)?|"
    r"DrawTransformFeedback(Stream)?|Bitmap|DrawPixels|PixelMap(fv|uiv|usv)|PolygonStipple|Map[12][df]|"
    r"TexImage[123]D)$")

# Commands a display list cannot hold: while glNewList is in effect they raise INVALID_OPERATION and
# are neither compiled nor executed. ARB_draw_instanced says so of the instanced draws; the indirect
# draws and glDispatchComputeIndirect, whose parameters live in a buffer, are refused alike by Mesa.
REFUSED_IN_LISTS = re.compile(
    r"^gl(Draw(Arrays|Elements)Instanced\w*|DrawTransformFeedback(Stream)?Instanced|"
    r"(Multi)?Draw(Arrays|Elements)Indirect(Count)?|DispatchComputeIndirect)$")

# KHR_robustness (GL 4.6 section 2.3.1): in a lost context every command raises CONTEXT_LOST and
# does nothing, but glGetError and glGetGraphicsResetStatus, which behave as ever, and the query
# result availability, which also answers TRUE so that a program polling it ends.
LOST_EXEMPT = re.compile(r"^gl(GetError|GetGraphicsResetStatus(ARB|KHR|EXT)?)$")
LOST_QUERY_AVAILABLE = re.compile(r"^glGetQueryObject(i|ui|i64|ui64)v(ARB|EXT)?$")
# Likewise a sync object's status answers SIGNALED (GL 4.6 section 2.3.2.1).
LOST_SYNC_STATUS = re.compile(r"^glGetSynciv(APPLE)?$")


# What a compiled command does to immediate mode (ListCommandEffect in dispatch.h): glBegin, glEnd,
# glVertex and the attribute commands whose value list_geometry.cpp can keep in a buffer, by the
# LegacyAttrib they set; the commands whose replay may change the current attributes otherwise.
LIST_ATTRIBUTES = [
    (re.compile(r"^glColor[34](b|d|f|i|s|ub|ui|us)v?$"), "kAttribColor"),
    (re.compile(r"^glSecondaryColor3(b|d|f|i|s|ub|ui|us)v?$"), "kAttribSecondaryColor"),
    (re.compile(r"^glNormal3[bdfis]v?$"), "kAttribNormal"),
    (re.compile(r"^glFogCoord[fd]v?$"), "kAttribFogCoord"),
    (re.compile(r"^glTexCoord[1-4][dfis]v?$"), "kAttribTexCoord0"),
    (re.compile(r"^glMultiTexCoord[1-4][dfis]v?$"), "kAttribTexCoord0 + (target - GL_TEXTURE0)"),
]
LIST_CHANGES_CURRENT = re.compile(
    r"^gl(CallLists?|PopAttrib|(Vertex|TexCoord|MultiTexCoord|Color|SecondaryColor|Normal)P[1-4]uiv?|"
    r"Eval(Coord|Point|Mesh).*)$")


def list_effect(target, params):
    """The ListCommandEffect of a compiled command, as a C++ expression."""
    effect = "ListCommandEffect{ListCommandEffect::kOther, 0, %s}" % (
        "true" if LIST_CHANGES_CURRENT.match(target) else "false")
    if target == "glBegin":
        return "ListCommandEffect{ListCommandEffect::kBegin, mode, false}"
    if target == "glEnd":
        return "ListCommandEffect{ListCommandEffect::kEnd, 0, false}"
    if re.match(r"^glVertex[234][dfis]v?$", target):
        known = "ListCommandEffect{ListCommandEffect::kVertex, 0, false}"
    else:
        known = next((f"ListCommandEffect{{ListCommandEffect::kAttribute, unsigned({slot}), false}}"
                      for pattern, slot in LIST_ATTRIBUTES if pattern.match(target)), None)
    if known is None:
        return effect
    # A null array makes the command an error when replayed: the list keeps it as a call.
    pointers = [pname for (ctype, pname), _ in params if "*" in ctype]
    return f"({pointers[0]} ? {known} : {effect})" if pointers else known


def list_recording(name, target, params):
    """The C++ that records `name` into the display list being compiled (copies of its arrays)."""
    copies, args = [], []
    names = [pname for (_, pname), _ in params]
    for (ctype, pname), length in params:
        if "*" not in ctype:
            args.append(pname)
            continue
        element = ctype.replace("const", "").replace("*", "").strip()
        if element == "void":
            element = "GLubyte"
        copy = pname + "_copy"
        counted = re.fullmatch(r"count(\*(\d+))?", length or "")
        if counted:  # glProgramUniform*v: count elements of N components
            copies.append(f"    std::vector<{element}> {copy};\n"
                          f"    if ({pname} && count > 0) {copy}.assign({pname}, {pname} + "
                          f"std::size_t(count) * {counted.group(2) or 1});\n")
        elif length in names:  # glPrioritizeTextures: `n` elements
            copies.append(f"    std::vector<{element}> {copy};\n"
                          f"    if ({pname} && {length} > 0) {copy}.assign({pname}, {pname} + {length});\n")
        elif length and length.isdigit():
            copies.append(f"    std::array<{element}, {length}> {copy}{{}};\n"
                          f"    if ({pname}) std::memcpy({copy}.data(), {pname}, sizeof {copy});\n")
        else:
            count = {"glCallLists": "call_lists_size(n, type)", "glClearBufferiv": "clear_buffer_size(buffer)",
                     "glClearBufferuiv": "clear_buffer_size(buffer)",
                     "glClearBufferfv": "clear_buffer_size(buffer)"}.get(name, "legacy_param_count(pname)")
            copies.append(f"    std::vector<{element}> {copy};\n"
                          f"    if ({pname}) {copy}.assign(static_cast<const {element}*>({pname}), "
                          f"static_cast<const {element}*>({pname}) + {count});\n")
        args.append(f"{pname} ? {copy}.data() : nullptr")
    call = ", ".join(["replay", '"' + name + '"'] + args)
    # Replayed between glBegin and glEnd, a command not allowed there raises the error it would
    # raise if called (a list may be called inside glBegin/glEnd).
    guard = "" if BETWEEN_BEGIN_END.match(name) else \
        f"if (replay.legacy.inside_begin_end()) return between_begin_end(replay, \"{name}\"); "
    body = "".join(copies) + (f"    record_list_command(*ctx, [=](Context& replay) {{ {guard}api::{target[2:]}({call}); }}, "
                              f"{list_effect(target, params)});\n")
    body = body.replace("\n    ", "\n      ")
    return (f"  if (ctx->legacy.compiling()) {{\n    try {{\n  {body}    }} catch (...) {{\n"
            f"      report_exception(*ctx, \"{name}\");\n      return;\n    }}\n"
            "    if (ctx->legacy.list_mode == GL_COMPILE) return;\n  }\n")


def read_list(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line)
    return names


def c_text(element):
    """The C text of a <proto> or <param>: everything but the trailing name, and the name."""
    name = element.find("name").text
    text = "".join(element.itertext()).strip()
    assert text.endswith(name), text
    return " ".join(text[: -len(name)].split()), name


SHADER_OBJECT_ALIASES = {
    "glCreateShaderObjectARB": "glCreateShader",
    "glCompileShaderARB": "glCompileShader", "glCreateProgramObjectARB": "glCreateProgram",
    "glAttachObjectARB": "glAttachShader", "glDetachObjectARB": "glDetachShader",
    "glLinkProgramARB": "glLinkProgram", "glUseProgramObjectARB": "glUseProgram",
    "glValidateProgramARB": "glValidateProgram", "glGetAttachedObjectsARB": "glGetAttachedShaders",
    "glGetUniformLocationARB": "glGetUniformLocation", "glGetActiveUniformARB": "glGetActiveUniform",
    "glGetUniformfvARB": "glGetUniformfv", "glGetUniformivARB": "glGetUniformiv",
    "glGetShaderSourceARB": "glGetShaderSource", "glBindAttribLocationARB": "glBindAttribLocation",
    "glGetActiveAttribARB": "glGetActiveAttrib", "glGetAttribLocationARB": "glGetAttribLocation",
}


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: gen_gl_dispatch.py gl.xml implemented_functions.txt advertised_extensions.txt "
                 "out_api.h out_dispatch.cpp")
    gl_xml, implemented_path, extensions_path, out_header, out_source = sys.argv[1:]
    root = ET.parse(gl_xml).getroot()

    commands = {}
    lengths = {}
    aliases = {}
    for command in root.find("commands"):
        ret, name = c_text(command.find("proto"))
        params = [c_text(p) for p in command.findall("param")]
        commands[name] = (ret, params)
        lengths[name] = [p.get("len") for p in command.findall("param")]
        alias = command.find("alias")
        if alias is not None:
            aliases[name] = alias.get("name")
    # ARB_shader_objects' commands are GL 2.0's under other names; gl.xml does not alias them
    # because GLhandleARB is a pointer on Apple. On Linux it is unsigned int (glext.h), so they are
    # the GL 2.0 commands exactly (their own: glDeleteObjectARB, glGetHandleARB, glGetInfoLogARB,
    # glGetObjectParameter*vARB, and glShaderSourceARB, whose strings are not const).
    for arb, core in SHADER_OBJECT_ALIASES.items():
        aliases.setdefault(arb, core)

    # The GL 4.6 compatibility API: every <feature api="gl"> up to 4.6 (compatibility keeps removed
    # commands), plus every extension that lists "gl" among its supported APIs.
    wanted = set()
    for feature in root.findall("feature"):
        if feature.get("api") != "gl" or float(feature.get("number")) > 4.6:
            continue
        for require in feature.findall("require"):
            wanted.update(c.get("name") for c in require.findall("command"))
    # OpenGL ES 2.0-3.2's commands: an ES context's dispatch has only these (the others raise
    # INVALID_OPERATION there, as in Mesa, where they are absent from ES dispatch). Every one but
    # glBlendBarrier and glPrimitiveBoundingBox is a GL 4.6 command too.
    es_commands = set()
    for feature in root.findall("feature"):
        if feature.get("api") == "gles2" and float(feature.get("number")) <= 3.2:
            for require in feature.findall("require"):
                es_commands.update(c.get("name") for c in require.findall("command"))
    wanted |= es_commands
    # Commands an extension requires only with another extension ("<require comment="X
    # interactions with NV_depth_buffer_float">"): needed only when that one is advertised too.
    interaction = re.compile(r"interactions? with (?:GL_)?(\w+)")
    extension_commands = {}
    conditional_commands = {}  # extension -> [(other extension, commands)]
    # Extensions of the EGL binding whose commands both APIs' contexts have (as in Mesa): they take
    # EGL images in either API. gl.xml lists GL_OES_EGL_image for OpenGL ES only.
    egl_binding_extensions = {"GL_OES_EGL_image", "GL_EXT_EGL_image_storage"}
    for extension in root.find("extensions"):
        egl_binding = extension.get("name") in egl_binding_extensions
        if "gl" not in extension.get("supported", "").split("|") and not egl_binding:
            continue
        names = []
        for require in extension.findall("require"):
            if require.get("api") not in (None, "gl") and not egl_binding:
                continue
            if egl_binding:
                es_commands.update(c.get("name") for c in require.findall("command"))
            commands_here = [c.get("name") for c in require.findall("command")]
            wanted.update(commands_here)
            match = interaction.search(require.get("comment", ""))
            if match:
                conditional_commands.setdefault(extension.get("name"), []).append(("GL_" + match.group(1),
                                                                                    commands_here))
            else:
                names += commands_here
        extension_commands[extension.get("name")] = names

    implemented = read_list(implemented_path)
    implemented_set = set(implemented)

    def same_types(a, b):
        # ARB/EXT typedefs (GLsizeiptrARB, GLcharARB, ...) are the core types under another name.
        def types(name):
            ret, params = commands[name]
            return [t.replace("GLhandleARB", "GLuint").replace("ARB", "").replace("EXT", "")
                    for t in [ret] + [t for t, _ in params]]
        return types(a) == types(b)

    # Each command's hand-written implementation: its own, or its alias's.
    implementation = {name: name for name in implemented}
    for name, target in aliases.items():
        if name not in implementation and target in implemented_set and same_types(name, target):
            implementation[name] = target
    errors = []
    for name in implemented:
        if name not in wanted:
            errors.append(f"{implemented_path}: {name} is not a GL 4.6/extension command in gl.xml")
    if len(set(implemented)) != len(implemented):
        errors.append(f"{implemented_path}: duplicate names")
    # "NAME compatibility" / "NAME core": advertised in compatibility / core contexts only. The list
    # is core-only names, then names of both, then compatibility-only names: a core context takes
    # a prefix, a compatibility context a suffix.
    entries = [line.split() for line in read_list(extensions_path)]
    for words in entries:
        if len(words) > 2 or (len(words) == 2 and words[1] not in ("compatibility", "core")):
            errors.append(f"{extensions_path}: '{' '.join(words)}' is not 'NAME', 'NAME core' or 'NAME compatibility'")
    core_only = [w[0] for w in entries if len(w) == 2 and w[1] == "core"]
    both = [w[0] for w in entries if len(w) == 1]
    compatibility_only = [w[0] for w in entries if len(w) == 2 and w[1] == "compatibility"]
    extensions = core_only + both + compatibility_only
    core_extension_count = len(core_only) + len(both)
    for ext in extensions:
        if ext not in extension_commands:
            errors.append(f"{extensions_path}: {ext} is not a GL extension in gl.xml")
            continue
        required = list(extension_commands[ext])
        for other, commands_here in conditional_commands.get(ext, []):
            if other in extensions:
                required += commands_here
        missing = [c for c in required if c not in implementation]
        if missing:
            errors.append(f"{extensions_path}: {ext} is advertised but {', '.join(missing)} not implemented")
    if errors:
        sys.exit("\n".join(errors))

    names = sorted(wanted)

    def signature(name, qualified, implementation=False):
        ret, params = commands[name]
        plist = [f"{t} {n}" for t, n in params]
        if implementation:
            plist = ["Context& ctx", "const char* fn"] + plist
        return f"{ret} {qualified}({', '.join(plist) or 'void'})"

    with open(out_header, "w", encoding="utf-8") as h:
        h.write("// Generated by gen_gl_dispatch.py from gl.xml and implemented_functions.txt. Do not edit.\n")
        h.write("#pragma once\n\n#include \"glvk/gl/gl_headers.h\"\n\nnamespace glvk::gl {\n\nclass Context;\n\n"
                "namespace api {\n\n")
        for name in sorted(implemented):
            h.write(signature(name, name[2:], implementation=True) + ";\n")
        h.write("\n}  // namespace api\n}  // namespace glvk::gl\n")

    with open(out_source, "w", encoding="utf-8") as s:
        s.write("// Generated by gen_gl_dispatch.py from gl.xml. Do not edit.\n")
        s.write("#include <atomic>\n#include <cstring>\n\n#include \"gl_api.h\"\n#include \"glvk/gl/context.h\"\n"
                "#include \"glvk/gl/dispatch.h\"\n#include <array>\n#include <vector>\n\n")
        s.write("namespace glvk::gl {\nnamespace {\n\n")
        for name in names:
            ret, params = commands[name]
            unused = "".join(f"  (void){n};\n" for _, n in params)
            s.write(signature(name, "entry_" + name) + " {\n")
            if name in implementation:
                args = ", ".join(["*ctx", '"' + name + '"'] + [n for _, n in params])
                call = f"api::{implementation[name][2:]}({args})"
                zero = "" if ret == "void" else " {}"
                s.write(f"  Context* ctx = current_context();\n  if (!ctx) return{zero};\n")
                if LOST_QUERY_AVAILABLE.match(name):
                    s.write(f"  if (ctx->lost()) {{\n    lost_query_result(*ctx, \"{name}\", pname, params, sizeof *params);\n"
                            f"    return;\n  }}\n")
                elif LOST_SYNC_STATUS.match(name):
                    s.write(f"  if (ctx->lost()) {{\n    lost_sync_status(*ctx, \"{name}\", pname, count, length, values);\n"
                            f"    return;\n  }}\n")
                elif not LOST_EXEMPT.match(name):
                    s.write(f"  if (ctx->lost()) {{\n    context_lost(*ctx, \"{name}\");\n    return{zero};\n  }}\n")
                if name not in es_commands:
                    s.write(f"  if (ctx->config().es()) {{\n    not_in_es(*ctx, \"{name}\");\n    return{zero};\n  }}\n")
                if REFUSED_IN_LISTS.match(implementation[name]):
                    s.write(f"  if (ctx->legacy.compiling()) {{\n    refused_in_list(*ctx, \"{name}\");\n    return;\n  }}\n")
                if COMPILED_INTO_LISTS.match(implementation[name]) and ret == "void":
                    s.write(list_recording(name, implementation[name], list(zip(params, lengths[name]))))
                if not BETWEEN_BEGIN_END.match(name):
                    s.write("  if (ctx->legacy.inside_begin_end()) {\n")
                    if HAND_COMPILED.match(implementation[name]):
                        s.write(f"    if (ctx->legacy.compiling())\n      record_list_command(*ctx, [](Context& replay) "
                                f"{{ between_begin_end(replay, \"{name}\"); }});\n")
                    s.write(f"    between_begin_end(*ctx, \"{name}\");\n    return{zero};\n  }}\n")
                if not KEEPS_IMMEDIATE_BATCH.match(name):
                    s.write("  if (ctx->legacy.batched_vertices) draw_immediate_batch(*ctx);\n")
                if ret == "void":
                    s.write(f"  try {{\n    {call};\n  }} catch (...) {{\n    report_exception(*ctx, \"{name}\");\n  }}\n")
                else:
                    s.write(f"  try {{\n    return {call};\n  }} catch (...) {{\n    report_exception(*ctx, \"{name}\");\n"
                            f"    return {{}};\n  }}\n")
            else:
                s.write(unused)
                s.write("  static std::atomic<bool> reported{false};\n")
                s.write(f"  report_unimplemented(reported, \"{name}\");\n")
                if ret != "void":
                    s.write("  return {};\n")
            s.write("}\n\n")
        s.write("}  // namespace\n\n")
        s.write(f"const std::size_t kEntryPointCount = {len(names)};\n")
        s.write(f"const std::size_t kImplementedCount = {len(implemented)};\n\n")
        s.write("// Sorted by name for binary search.\nconst ProcEntry kEntryPoints[] = {\n")
        for name in names:
            s.write(f"    {{\"{name}\", reinterpret_cast<void*>(&entry_{name})}},\n")
        s.write("};\n\n")
        s.write("const char* const kAdvertisedExtensions[] = {\n")
        for ext in extensions:
            s.write(f"    \"{ext}\",\n")
        s.write("};\n")
        s.write(f"const std::size_t kAdvertisedExtensionCount = {len(extensions)};\n")
        s.write(f"const std::size_t kCoreProfileExtensionCount = {core_extension_count};\n")
        s.write(f"const std::size_t kCoreOnlyExtensionCount = {len(core_only)};\n\n")
        s.write("}  // namespace glvk::gl\n")


if __name__ == "__main__":
    main()
