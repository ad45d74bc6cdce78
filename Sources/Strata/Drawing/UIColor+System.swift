// UIKit's system and semantic colours, in their light-appearance values (Apple's Human Interface
// Guidelines). Strata has one appearance: these do not change with a dark mode.

extension UIColor {
    /// A colour from 8-bit sRGB components and an alpha.
    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: alpha)
    }

    // MARK: System colours

    /// (255, 59, 48).
    public static let systemRed = rgb(255, 59, 48)
    /// (255, 149, 0).
    public static let systemOrange = rgb(255, 149, 0)
    /// (255, 204, 0).
    public static let systemYellow = rgb(255, 204, 0)
    /// (52, 199, 89).
    public static let systemGreen = rgb(52, 199, 89)
    /// (0, 199, 190).
    public static let systemMint = rgb(0, 199, 190)
    /// (48, 176, 199).
    public static let systemTeal = rgb(48, 176, 199)
    /// (50, 173, 230).
    public static let systemCyan = rgb(50, 173, 230)
    /// (0, 122, 255): the default `tintColor`.
    public static let systemBlue = rgb(0, 122, 255)
    /// (88, 86, 214).
    public static let systemIndigo = rgb(88, 86, 214)
    /// (175, 82, 222).
    public static let systemPurple = rgb(175, 82, 222)
    /// (255, 45, 85).
    public static let systemPink = rgb(255, 45, 85)
    /// (162, 132, 94).
    public static let systemBrown = rgb(162, 132, 94)
    /// (142, 142, 147).
    public static let systemGray = rgb(142, 142, 147)
    /// (174, 174, 178).
    public static let systemGray2 = rgb(174, 174, 178)
    /// (199, 199, 204).
    public static let systemGray3 = rgb(199, 199, 204)
    /// (209, 209, 214).
    public static let systemGray4 = rgb(209, 209, 214)
    /// (229, 229, 234).
    public static let systemGray5 = rgb(229, 229, 234)
    /// (242, 242, 247).
    public static let systemGray6 = rgb(242, 242, 247)

    // MARK: Semantic colours

    /// White: the background of a screen.
    public static let systemBackground = rgb(255, 255, 255)
    /// (242, 242, 247): content layered over `systemBackground`.
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// White: content layered over `secondarySystemBackground`.
    public static let tertiarySystemBackground = rgb(255, 255, 255)
    /// (242, 242, 247): the background of grouped content.
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// White: content layered over `systemGroupedBackground`.
    public static let secondarySystemGroupedBackground = rgb(255, 255, 255)
    /// (242, 242, 247): content layered over `secondarySystemGroupedBackground`.
    public static let tertiarySystemGroupedBackground = rgb(242, 242, 247)
    /// Black: primary text.
    public static let label = rgb(0, 0, 0)
    /// (60, 60, 67) at 60 %: secondary text.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// (60, 60, 67) at 30 %: tertiary text.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// (60, 60, 67) at 18 %: quaternary text.
    public static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    /// (60, 60, 67) at 30 %: placeholder text.
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    /// (0, 122, 255): links.
    public static let link = rgb(0, 122, 255)
    /// (60, 60, 67) at 29 %: thin separators that let content show through.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// (198, 198, 200): separators that hide what is under them.
    public static let opaqueSeparator = rgb(198, 198, 200)
    /// (120, 120, 128) at 20 %: fills of thin and small shapes.
    public static let systemFill = rgb(120, 120, 128, 0.2)
    /// (120, 120, 128) at 16 %: fills of medium shapes.
    public static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    /// (118, 118, 128) at 12 %: fills of large shapes.
    public static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    /// (116, 116, 128) at 8 %: fills of large areas.
    public static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
    /// Black: text on light backgrounds in any appearance.
    public static let darkText = rgb(0, 0, 0)
    /// White: text on dark backgrounds in any appearance.
    public static let lightText = rgb(255, 255, 255, 0.6)
}
