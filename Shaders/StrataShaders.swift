/// The GLSL ES 3.00 sources under `Shaders/glsl`, embedded into the binary at build time, so a
/// library or a statically linked `strata` never looks for them on disk.
public enum ShaderSource {
    /// The vertex shader of the layer program (`layer.vert`).
    public static var layerVertex: Source { Source(name: "layer.vert", bytes: PackageResources.layer_vert) }
    /// The fragment shader of the layer program (`layer.frag`).
    public static var layerFragment: Source { Source(name: "layer.frag", bytes: PackageResources.layer_frag) }
    /// The vertex shader of the picture-shadow program (`shadow.vert`).
    public static var shadowVertex: Source { Source(name: "shadow.vert", bytes: PackageResources.shadow_vert) }
    /// The fragment shader of the picture-shadow program (`shadow.frag`): one blur pass of a shadow.
    public static var shadowFragment: Source { Source(name: "shadow.frag", bytes: PackageResources.shadow_frag) }

    /// One shader file: its name, for error messages, and its text.
    public struct Source: Sendable {
        /// The file name under `Shaders/glsl`, as error messages should name it.
        public let name: String
        /// The GLSL text.
        public let text: String

        /// A source with the given name and text (tests use this for shaders that must fail).
        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }

        init(name: String, bytes: [UInt8]) {
            self.init(name: name, text: String(decoding: bytes, as: UTF8.self))
        }
    }
}
