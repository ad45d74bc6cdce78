import StrataGL
import StrataShaders

/// Which variant of the layer shader a draw needs.
struct LayerShaderVariant: Hashable, CaseIterable, CustomStringConvertible {
    enum Mode: Hashable { case fill, border, clipMask, debugTint, shadow }
    var mode: Mode
    var textured = false
    var rounded = false
    /// Textured with a stretchable centre (`contentsCenter` other than the whole).
    var nineSlice = false
    /// Textured, landing one texel per pixel: sampled at texel centres (nearest filtering).
    var texelCentres = false
    /// Textured with square corners, the contents filling the quad exactly (no edge tests).
    var plainContents = false

    /// Every variant the renderer uses; all are compiled when the renderer starts.
    static let allCases: [LayerShaderVariant] = [
        .init(mode: .fill), .init(mode: .fill, textured: true),
        .init(mode: .fill, rounded: true), .init(mode: .fill, textured: true, rounded: true),
        .init(mode: .fill, textured: true, nineSlice: true), .init(mode: .fill, textured: true, rounded: true, nineSlice: true),
        .init(mode: .fill, textured: true, texelCentres: true), .init(mode: .fill, textured: true, rounded: true, texelCentres: true),
        .init(mode: .fill, textured: true, plainContents: true),
        .init(mode: .border, rounded: true),
        .init(mode: .clipMask), .init(mode: .clipMask, rounded: true),
        .init(mode: .debugTint), .init(mode: .shadow),
    ]

    /// The `#define` lines that select this variant in `layer.frag`.
    var defines: [String] {
        var names: [String] = []
        if mode == .border { names.append("MODE_BORDER") }
        if mode == .clipMask { names.append("MODE_MASK") }
        if mode == .debugTint { names.append("MODE_TINT") }
        if mode == .shadow { names.append("MODE_SHADOW") }
        if textured { names.append("HAS_TEXTURE") }
        if nineSlice { names.append("NINE_SLICE") }
        if texelCentres { names.append("TEXEL_CENTRES") }
        if plainContents { names.append("PLAIN_CONTENTS") }
        if rounded { names.append("ROUNDED") }
        return names
    }

    var description: String { defines.isEmpty ? "fill" : defines.joined(separator: "+") }
}

/// One compiled variant of the layer program. Everything a quad needs comes as instance
/// attributes (see `QuadInstance`); the uniforms are the texture unit and, for the debug
/// tint, its colour.
///
/// Render thread only. Every variant is compiled when the render server starts, so a shader that
/// fails to compile is an error from the compositor's initialiser, never a surprise in a frame.
final class LayerProgram {
    let program: GLProgram
    /// `u_tint`'s location (the debug tint variant; −1 in the others).
    let tintLocation: Int32

    init(context: GLContext, variant: LayerShaderVariant) throws {
        let vs = ShaderSource.layerVertex, fs = ShaderSource.layerFragment
        let fragmentText = Self.inserting(variant.defines, into: fs.text)
        let name = variant.defines.isEmpty ? fs.name : "\(fs.name) [\(variant)]"
        program = try GLProgram(context: context, vertex: (vs.name, Self.inserting(variant.defines, into: vs.text)), fragment: (name, fragmentText))
        program.label("strata layer program [\(variant)]")
        program.use()
        context.gl.uniform1i(program.uniformLocation("u_texture"), 0)  // contents always come on unit 0
        tintLocation = variant.mode == .debugTint ? program.uniformLocation("u_tint") : -1
    }

    /// GLSL requires `#version` first: the defines go on the lines right after it.
    static func inserting(_ defines: [String], into source: String) -> String {
        guard !defines.isEmpty, let newline = source.firstIndex(of: "\n") else { return source }
        let lines = defines.map { "#define \($0) 1\n" }.joined()
        return String(source[...newline]) + lines + String(source[source.index(after: newline)...])
    }
}
