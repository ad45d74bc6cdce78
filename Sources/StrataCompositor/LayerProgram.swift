import CGLES3
import StrataGL
import StrataShaders

/// The layer program and its uniform locations, looked up once after linking.
///
/// Render thread only. Compiled when the render server starts, so a shader that fails to
/// compile is an error from the compositor's initialiser, never a surprise in a frame.
final class LayerProgram {
    let program: GLProgram
    let matrix, rect, uvRect, mode, color, borderColor, opacity, cornerRadius, borderWidth, hasTexture, texture: GLint

    /// The fragment shader's modes.
    enum Mode: GLint {
        case fill = 0, border = 1, clipMask = 2
    }

    init(context: GLContext) throws {
        let vs = ShaderSource.layerVertex, fs = ShaderSource.layerFragment
        program = try GLProgram(context: context, vertex: (vs.name, vs.text), fragment: (fs.name, fs.text))
        matrix = program.uniformLocation("u_matrix")
        rect = program.uniformLocation("u_rect")
        uvRect = program.uniformLocation("u_uvRect")
        mode = program.uniformLocation("u_mode")
        color = program.uniformLocation("u_color")
        borderColor = program.uniformLocation("u_borderColor")
        opacity = program.uniformLocation("u_opacity")
        cornerRadius = program.uniformLocation("u_cornerRadius")
        borderWidth = program.uniformLocation("u_borderWidth")
        hasTexture = program.uniformLocation("u_hasTexture")
        texture = program.uniformLocation("u_texture")
    }
}
