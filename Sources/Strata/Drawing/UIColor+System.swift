// UIKit's system and semantic colours: dynamic colours with Apple's light and dark values (the
// Human Interface Guidelines' iOS table), the backgrounds also with their elevated dark values
// (a presented sheet's level). Increased-contrast variants are not modelled: a high
// `accessibilityContrast` resolves as normal.

extension UIColor {
    /// A colour from 8-bit sRGB components and an alpha.
    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: alpha)
    }

    /// A dynamic colour: `light` unless the traits are dark, then `dark` (`elevated` instead at
    /// the elevated level, when given).
    private static func dynamic(_ light: UIColor, _ dark: UIColor, elevated: UIColor? = nil) -> UIColor {
        UIColor { traits in
            guard traits.userInterfaceStyle == .dark else { return light }
            if let elevated, traits.userInterfaceLevel == .elevated { return elevated }
            return dark
        }
    }

    // MARK: System colours

    /// (255, 59, 48); dark (255, 69, 58).
    public static let systemRed = dynamic(rgb(255, 59, 48), rgb(255, 69, 58))
    /// (255, 149, 0); dark (255, 159, 10).
    public static let systemOrange = dynamic(rgb(255, 149, 0), rgb(255, 159, 10))
    /// (255, 204, 0); dark (255, 214, 10).
    public static let systemYellow = dynamic(rgb(255, 204, 0), rgb(255, 214, 10))
    /// (52, 199, 89); dark (48, 209, 88).
    public static let systemGreen = dynamic(rgb(52, 199, 89), rgb(48, 209, 88))
    /// (0, 199, 190); dark (99, 230, 226).
    public static let systemMint = dynamic(rgb(0, 199, 190), rgb(99, 230, 226))
    /// (48, 176, 199); dark (64, 200, 224).
    public static let systemTeal = dynamic(rgb(48, 176, 199), rgb(64, 200, 224))
    /// (50, 173, 230); dark (100, 210, 255).
    public static let systemCyan = dynamic(rgb(50, 173, 230), rgb(100, 210, 255))
    /// (0, 122, 255); dark (10, 132, 255): the default `tintColor`.
    public static let systemBlue = dynamic(rgb(0, 122, 255), rgb(10, 132, 255))
    /// (88, 86, 214); dark (94, 92, 230).
    public static let systemIndigo = dynamic(rgb(88, 86, 214), rgb(94, 92, 230))
    /// (175, 82, 222); dark (191, 90, 242).
    public static let systemPurple = dynamic(rgb(175, 82, 222), rgb(191, 90, 242))
    /// (255, 45, 85); dark (255, 55, 95).
    public static let systemPink = dynamic(rgb(255, 45, 85), rgb(255, 55, 95))
    /// (162, 132, 94); dark (172, 142, 104).
    public static let systemBrown = dynamic(rgb(162, 132, 94), rgb(172, 142, 104))
    /// (142, 142, 147); dark (142, 142, 147).
    public static let systemGray = dynamic(rgb(142, 142, 147), rgb(142, 142, 147))
    /// (174, 174, 178); dark (99, 99, 102).
    public static let systemGray2 = dynamic(rgb(174, 174, 178), rgb(99, 99, 102))
    /// (199, 199, 204); dark (72, 72, 74).
    public static let systemGray3 = dynamic(rgb(199, 199, 204), rgb(72, 72, 74))
    /// (209, 209, 214); dark (58, 58, 60).
    public static let systemGray4 = dynamic(rgb(209, 209, 214), rgb(58, 58, 60))
    /// (229, 229, 234); dark (44, 44, 46).
    public static let systemGray5 = dynamic(rgb(229, 229, 234), rgb(44, 44, 46))
    /// (242, 242, 247); dark (28, 28, 30).
    public static let systemGray6 = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))

    // MARK: Semantic colours

    /// White; dark black (elevated (28, 28, 30)): the background of a screen.
    public static let systemBackground = dynamic(rgb(255, 255, 255), rgb(0, 0, 0), elevated: rgb(28, 28, 30))
    /// (242, 242, 247); dark (28, 28, 30) (elevated (44, 44, 46)): content over `systemBackground`.
    public static let secondarySystemBackground = dynamic(rgb(242, 242, 247), rgb(28, 28, 30), elevated: rgb(44, 44, 46))
    /// White; dark (44, 44, 46) (elevated (58, 58, 60)): content over `secondarySystemBackground`.
    public static let tertiarySystemBackground = dynamic(rgb(255, 255, 255), rgb(44, 44, 46), elevated: rgb(58, 58, 60))
    /// (242, 242, 247); dark black (elevated (28, 28, 30)): the background of grouped content.
    public static let systemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(0, 0, 0), elevated: rgb(28, 28, 30))
    /// White; dark (28, 28, 30) (elevated (44, 44, 46)): content over `systemGroupedBackground`.
    public static let secondarySystemGroupedBackground = dynamic(rgb(255, 255, 255), rgb(28, 28, 30), elevated: rgb(44, 44, 46))
    /// (242, 242, 247); dark (44, 44, 46) (elevated (58, 58, 60)): content over
    /// `secondarySystemGroupedBackground`.
    public static let tertiarySystemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(44, 44, 46), elevated: rgb(58, 58, 60))
    /// Black; dark white: primary text.
    public static let label = dynamic(rgb(0, 0, 0), rgb(255, 255, 255))
    /// (60, 60, 67) at 60 %; dark (235, 235, 245) at 60 %: secondary text.
    public static let secondaryLabel = dynamic(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    /// (60, 60, 67) at 30 %; dark (235, 235, 245) at 30 %: tertiary text.
    public static let tertiaryLabel = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    /// (60, 60, 67) at 18 %; dark (235, 235, 245) at 16 %: quaternary text.
    public static let quaternaryLabel = dynamic(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
    /// (60, 60, 67) at 30 %; dark (235, 235, 245) at 30 %: placeholder text.
    public static let placeholderText = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    /// (0, 122, 255); dark (9, 132, 255): links.
    public static let link = dynamic(rgb(0, 122, 255), rgb(9, 132, 255))
    /// (60, 60, 67) at 29 %; dark (84, 84, 88) at 60 %: thin separators that let content show through.
    public static let separator = dynamic(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    /// (198, 198, 200); dark (56, 56, 58): separators that hide what is under them.
    public static let opaqueSeparator = dynamic(rgb(198, 198, 200), rgb(56, 56, 58))
    /// (120, 120, 128) at 20 %; dark at 36 %: fills of thin and small shapes.
    public static let systemFill = dynamic(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    /// (120, 120, 128) at 16 %; dark at 32 %: fills of medium shapes.
    public static let secondarySystemFill = dynamic(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    /// (118, 118, 128) at 12 %; dark at 24 %: fills of large shapes.
    public static let tertiarySystemFill = dynamic(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    /// (116, 116, 128) at 8 %; dark (118, 118, 128) at 18 %: fills of large areas.
    public static let quaternarySystemFill = dynamic(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))
    /// Black: text on light backgrounds in any appearance.
    public static let darkText = rgb(0, 0, 0)
    /// White at 60 %: text on dark backgrounds in any appearance.
    public static let lightText = rgb(255, 255, 255, 0.6)
}
