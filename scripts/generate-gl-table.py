#!/usr/bin/env python3
"""Writes StrataGL's table of OpenGL ES entry points from the system's GLES headers.

    python3 scripts/generate-gl-table.py

Every GL function Strata calls is listed once in FUNCTIONS below. The script reads each one's C
prototype from <GLES3/gl32.h> / <GLES2/gl2ext.h> (libgles-dev) and writes:

- Sources/StrataGL/GLFunctions.swift: the `GLFunctions` protocol, one requirement per function,
  named without the `gl` prefix, with the C types as Swift imports them;
- Sources/StrataGL/SystemGL.swift: `SystemGL`, which calls the driver;
- Sources/StrataTesting/RecordingGL+Calls.swift: `RecordingGL`'s requirements that only record
  the call (the ones that answer or write results are written by hand in RecordingGL.swift).

To call a new GL function: add its name here, run the script, and (if it returns a value or writes
through a pointer) answer it in RecordingGL.swift. The generated files are checked in.
"""
import pathlib
import re
import subprocess
import sys

FUNCTIONS = """
glActiveTexture glAttachShader glBeginQuery glBindBuffer glBindFramebuffer glBindRenderbuffer
glBindSampler glBindTexture glBindVertexArray glBlendColor glBlendEquation glBlendEquationSeparate
glBlendEquationSeparatei glBlendFunc glBlendFuncSeparate glBlendFuncSeparatei glBufferData
glBufferSubData glCheckFramebufferStatus glClear glClearColor glClearDepthf glClearStencil
glColorMask glColorMaski glCompileShader glCreateProgram glCreateShader glCullFace glDeleteBuffers
glDeleteFramebuffers glDeleteProgram glDeleteQueries glDeleteRenderbuffers glDeleteSamplers
glDeleteShader glDeleteSync glDeleteTextures glDeleteVertexArrays glDepthFunc glDepthMask
glDepthRangef glDisable glDisablei glDrawArrays glDrawArraysInstanced glEGLImageTargetTexture2DOES glEnable
glEnableVertexAttribArray glEnablei glEndQuery glFenceSync glFinish glFlush
glFramebufferRenderbuffer glFramebufferTexture2D glFrontFace glGenBuffers glGenFramebuffers
glGenQueries glGenRenderbuffers glGenSamplers glGenTextures glGenVertexArrays glGetBooleani_v
glGetBooleanv glGetError glGetFloatv glGetFramebufferAttachmentParameteriv glGetGraphicsResetStatus
glGetIntegeri_v glGetIntegerv glGetProgramInfoLog glGetProgramiv glGetQueryObjectuiv
glGetShaderInfoLog glGetShaderiv glGetString glGetStringi glGetUniformLocation glIsEnabled
glIsEnabledi glIsFramebuffer glIsRenderbuffer glIsTexture glLineWidth glLinkProgram glObjectLabel
glPixelStorei glPolygonOffset glReadPixels glRenderbufferStorage glSampleCoverage
glSamplerParameteri glScissor glShaderSource glStencilFunc glStencilFuncSeparate glStencilMask
glStencilMaskSeparate glStencilOp glStencilOpSeparate glTexParameteri glTexStorage2D
glTexSubImage2D glUniform1f glUniform1i glUniform2f glUniform4f glUseProgram glVertexAttribDivisor glVertexAttribPointer
glViewport glWaitSync
""".split()

# Reached through eglGetProcAddress (extensions, or desktop-only functions): not linked directly.
PROC_ADDRESS = {"glEGLImageTargetTexture2DOES"}
# Desktop OpenGL only (not in the GLES headers): prototype written here.
EXTRA_PROTOTYPES = {"glPolygonMode": "void glPolygonMode (GLenum face, GLenum mode);"}
FUNCTIONS.append("glPolygonMode")
PROC_ADDRESS.add("glPolygonMode")

# RecordingGL answers these by hand (they return values, write results or track names).
RECORDED_BY_HAND = {
    "glCheckFramebufferStatus", "glCreateProgram", "glCreateShader", "glDeleteBuffers", "glDeleteFramebuffers", "glDeleteProgram", "glDeleteShader",
    "glDeleteQueries", "glDeleteRenderbuffers", "glDeleteSamplers", "glDeleteTextures", "glDeleteVertexArrays",
    "glDisable", "glEnable", "glFenceSync", "glGenBuffers", "glGenFramebuffers", "glGenQueries", "glGenRenderbuffers",
    "glGenSamplers", "glGenTextures", "glGenVertexArrays", "glGetBooleani_v", "glGetBooleanv", "glGetError",
    "glGetFloatv", "glGetFramebufferAttachmentParameteriv", "glGetGraphicsResetStatus", "glGetIntegeri_v",
    "glGetIntegerv", "glGetProgramInfoLog", "glGetProgramiv", "glGetQueryObjectuiv", "glGetShaderInfoLog",
    "glGetShaderiv", "glGetString", "glGetStringi", "glGetUniformLocation", "glIsEnabled", "glIsEnabledi",
    "glIsFramebuffer", "glIsRenderbuffer", "glIsTexture", "glObjectLabel", "glReadPixels", "glShaderSource",
}

HEADERS = ["/usr/include/GLES3/gl32.h", "/usr/include/GLES2/gl2ext.h"]

# C parameter types as Swift imports them (pointers made optional).
TYPES = {
    "GLenum": "GLenum", "GLuint": "GLuint", "GLint": "GLint", "GLsizei": "GLsizei", "GLfloat": "GLfloat",
    "GLboolean": "GLboolean", "GLbitfield": "GLbitfield", "GLsizeiptr": "GLsizeiptr", "GLintptr": "GLintptr",
    "GLuint64": "GLuint64", "GLsync": "GLsync?", "GLeglImageOES": "UnsafeMutableRawPointer?",
    "const void *": "UnsafeRawPointer?", "void *": "UnsafeMutableRawPointer?",
    "const GLuint *": "UnsafePointer<GLuint>?", "GLuint *": "UnsafeMutablePointer<GLuint>?",
    "GLint *": "UnsafeMutablePointer<GLint>?", "const GLint *": "UnsafePointer<GLint>?",
    "GLboolean *": "UnsafeMutablePointer<GLboolean>?", "GLfloat *": "UnsafeMutablePointer<GLfloat>?",
    "GLsizei *": "UnsafeMutablePointer<GLsizei>?", "GLchar *": "UnsafeMutablePointer<GLchar>?",
    "const GLchar *": "UnsafePointer<GLchar>?", "const GLchar *const*": "UnsafePointer<UnsafePointer<GLchar>?>?",
}
RETURNS = {
    "void": None, "GLenum": "GLenum", "GLuint": "GLuint", "GLint": "GLint", "GLboolean": "GLboolean",
    "GLsync": "GLsync?", "const GLubyte *": "UnsafePointer<GLubyte>?",
}
# Scalar parameter types the recorder keeps as numbers.
NUMERIC = {"GLenum", "GLuint", "GLint", "GLsizei", "GLfloat", "GLboolean", "GLbitfield", "GLsizeiptr", "GLintptr", "GLuint64"}


def prototypes():
    text = "".join(pathlib.Path(h).read_text() for h in HEADERS)
    found = dict(EXTRA_PROTOTYPES)
    for name in FUNCTIONS:
        if name in found:
            continue
        m = re.search(r"GL_APICALL\s+(.*?)\s*GL_APIENTRY\s+" + name + r"\s*\((.*?)\);", text)
        if not m:
            sys.exit(f"{name}: no prototype in {HEADERS}")
        found[name] = f"{m.group(1)} {name} ({m.group(2)});"
    return found


def parse(prototype):
    m = re.match(r"(.*?)\s*\b(gl\w+)\s*\((.*)\);", prototype)
    ret, name, params = m.group(1).strip(), m.group(2), m.group(3).strip()
    parsed = []
    if params and params != "void":
        for p in params.split(","):
            p = p.strip()
            pm = re.match(r"(.*?)(\w+)$", p)
            ctype, pname = pm.group(1).strip(), pm.group(2)
            ctype = re.sub(r"\s*\*\s*", " *", ctype).replace("* const*", "*const*").replace(" *const *", " *const*")
            ctype = ctype.replace("const GLchar *const *", "const GLchar *const*")
            if ctype not in TYPES:
                sys.exit(f"{name}: parameter type {ctype!r} is not mapped")
            if pname in ("func", "protocol", "internal", "repeat", "in", "default"):
                pname += "_"
            parsed.append((ctype, pname))
    ret = re.sub(r"\s*\*\s*", " *", ret).strip()
    if ret not in RETURNS:
        sys.exit(f"{name}: return type {ret!r} is not mapped")
    return name, RETURNS[ret], parsed


def swift_name(name):
    s = name[2:]
    return s[0].lower() + s[1:] if not s.startswith("EGL") else "egl" + s[3:]


def signature(name, ret, params):
    args = ", ".join(f"_ {p}: {TYPES[c]}" for c, p in params)
    tail = f" -> {ret}" if ret else ""
    return f"func {swift_name(name)}({args}){tail}"


HEADER = "// Generated by scripts/generate-gl-table.py from the GLES headers: edit the script, not this file.\n"


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    protos = prototypes()
    entries = [parse(protos[n]) for n in FUNCTIONS]

    proto = [HEADER, "import CGLES3\n\n",
             "/// Every OpenGL ES entry point Strata calls, as one table: `SystemGL` calls the driver,\n",
             "/// a recording implementation (StrataTesting's `RecordingGL`) keeps the calls for tests.\n",
             "///\n",
             "/// Each requirement is the GL function of the same name without its `gl` prefix, with the C\n",
             "/// types as Swift imports them. GL thread only: call it where the context is current.\n",
             "public protocol GLFunctions: AnyObject {\n",
             "    /// Whether `function` (a C name such as `glEGLImageTargetTexture2DOES`) can be called: the\n",
             "    /// extension and desktop entry points may be missing; the others never are.\n",
             "    func hasEntryPoint(_ function: String) -> Bool\n"]
    for name, ret, params in entries:
        proto.append(f"    /// The corresponding GL call is `{name}`.\n")
        proto.append(f"    {signature(name, ret, params)}\n")
    proto.append("}\n")
    (root / "Sources/StrataGL/GLFunctions.swift").write_text("".join(proto))

    system = [HEADER, "import CEGL\nimport CGLES3\n\n",
              "/// The GL functions of the driver current on the calling thread: each requirement calls its\n",
              "/// C function. Stateless; GL thread only, like the calls themselves. Entry points that are\n",
              "/// extensions or desktop-only (`glEGLImageTargetTexture2DOES`, `glPolygonMode`) are looked up\n",
              "/// once with `eglGetProcAddress` and do nothing where the driver lacks them (check\n",
              "/// `hasEntryPoint` first).\n",
              "public final class SystemGL: GLFunctions, Sendable {\n",
              "    /// The one instance: the driver's functions have no state of their own here.\n",
              "    public static let shared = SystemGL()\n\n",
              "    private init() {}\n\n",
              "    /// Whether the driver has `function` (only the entry points looked up by name can be missing).\n",
              "    public func hasEntryPoint(_ function: String) -> Bool {\n",
              "        switch function {\n"]
    for n in sorted(PROC_ADDRESS):
        system.append(f"        case \"{n}\": Self.{swift_name(n)}Entry != nil\n")
    system.append("        default: true\n        }\n    }\n\n")
    for n in sorted(PROC_ADDRESS):
        _, ret, params = next(e for e in entries if e[0] == n)
        ctypes = ", ".join(TYPES[c].replace("?", "") if c in NUMERIC else TYPES[c] for c, _ in params)
        system.append(f"    private typealias {n[2:]}Function = @convention(c) ({ctypes}) -> {ret or 'Void'}\n")
        system.append(f"    private static let {swift_name(n)}Entry: {n[2:]}Function? = eglGetProcAddress(\"{n}\").map {{ unsafeBitCast($0, to: {n[2:]}Function.self) }}\n")
    system.append("\n")
    for name, ret, params in entries:
        call_args = ", ".join(p for _, p in params)
        system.append(f"    public {signature(name, ret, params)} {{ ")
        if name in PROC_ADDRESS:
            system.append(f"Self.{swift_name(name)}Entry?({call_args}) }}\n")
        else:
            system.append(f"{name}({call_args}) }}\n")
    system.append("}\n")
    (root / "Sources/StrataGL/SystemGL.swift").write_text("".join(system))

    rec = [HEADER, "import CGLES3\nimport StrataGL\n\n",
           "// The calls RecordingGL only records: each becomes a `GLCall` with its numeric arguments\n",
           "// (a vertex attribute's offset pointer as its address; data pointers are left out).\n\n",
           "extension RecordingGL {\n"]
    for name, ret, params in entries:
        if name in RECORDED_BY_HAND:
            continue
        assert ret is None, name
        values = []
        for c, p in params:
            if c in NUMERIC:
                values.append(f"Double({p})")
            elif c == "const void *" and name == "glVertexAttribPointer":
                values.append(f"Double(UInt(bitPattern: {p}))")
        rec.append(f"    public {signature(name, ret, params)} {{ record(\"{name}\", [{', '.join(values)}]) }}\n")
    rec.append("}\n")
    (root / "Sources/StrataTesting/RecordingGL+Calls.swift").write_text("".join(rec))
    # In the project's format (.swift-format), so `swift format lint` passes on what was written.
    written = ["Sources/StrataGL/GLFunctions.swift", "Sources/StrataGL/SystemGL.swift", "Sources/StrataTesting/RecordingGL+Calls.swift"]
    subprocess.run(["swift", "format", "-i", *[str(root / w) for w in written]], check=True)


main()
