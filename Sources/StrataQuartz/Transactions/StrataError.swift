import Foundation
import StrataGraphics

/// Why something a transaction carried could not be shown. Thrown by the next `UIScreen.renderFrame`.
public enum StrataError: Error, Sendable, CustomStringConvertible {
    /// A layer's backing store would be larger than the GPU's largest texture (or could not be allocated).
    case backingStoreTooLarge(layer: String, size: CGSize, limit: Int)
    /// An image set as `contents` is larger than the GPU's largest texture.
    case contentsTooLarge(layer: String, width: Int, height: Int, limit: Int)
    /// The compositor refused a commit (the render tree is unchanged by it).
    case commitFailed(String)

    public var description: String {
        switch self {
        case .backingStoreTooLarge(let layer, let size, let limit):
            "\(layer): a backing store of \(size.width)×\(size.height) pixels (bounds × contentsScale) is beyond the GPU's texture limit of \(limit) (or could not be allocated); draw(_:) was not called — make the view smaller or lower contentScaleFactor"
        case .contentsTooLarge(let layer, let width, let height, let limit):
            "\(layer): contents image of \(width)×\(height) pixels exceeds the GPU's maximum texture size \(limit); the old contents stay — scale the image down"
        case .commitFailed(let reason):
            "a commit was refused by the compositor: \(reason)"
        }
    }
}
