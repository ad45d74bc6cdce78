import Foundation
import Testing

@testable import Strata
@testable import StrataQuartz

/// Fonts as UIKit names and finds them: PostScript names that open what they list, fonts an app
/// registers (`CTFontManagerRegisterGraphicsFont`, `CTFontManagerRegisterFontsForURL`,
/// `UIAppFonts`), `UIFontDescriptor`, and Dynamic Type's sizes (Apple's Human Interface
/// Guidelines, Typography: "Dynamic Type sizes"). The registered font is a renamed copy of
/// DejaVu Sans Mono Oblique (2,048 units per em, every advance 1,233 units): "Hello" at 20
/// points is 5 × 1,233 / 2,048 × 20 = 60.205 points wide.
@Suite struct UIFontTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/StrataTestMono-Oblique.ttf")

    /// A copy of the fixture font at a fresh temporary path (fontconfig registers a file once).
    static func fixtureCopy() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("font-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("StrataTestMono-Oblique.ttf")
        try FileManager.default.copyItem(at: fixture, to: copy)
        return copy
    }

    // MARK: Names

    /// "fontNames(forFamilyName:) … Returns an array of font names available in a particular
    /// font family", each a name `init(name:size:)` takes: every face of every family opens and
    /// reads back its own name.
    @Test func everyListedFontNameOpensAsItself() {
        var mismatches: [String] = []
        var count = 0
        for family in UIFont.familyNames {
            for name in UIFont.fontNames(forFamilyName: family) {
                count += 1
                let opened = UIFont(name: name, size: 12)?.fontName
                if opened != name { mismatches.append("\(family): \(name) → \(opened ?? "nil")") }
            }
        }
        #expect(count > 40)
        #expect(mismatches == [])
    }

    @Test func dejaVuCondensedAndBookFacesAreTheirPostScriptNames() throws {
        let names = UIFont.fontNames(forFamilyName: "DejaVu Sans")
        #expect(names.contains("DejaVuSans"))
        #expect(names.contains("DejaVuSansCondensed-Bold"))
        #expect(!names.contains("DejaVuSans-Book"))
        let book = try #require(UIFont(name: "DejaVuSans", size: 20))
        let condensed = try #require(UIFont(name: "DejaVuSansCondensed", size: 20))
        #expect(book.fontName == "DejaVuSans")
        #expect(condensed.fontName == "DejaVuSansCondensed")
        // The condensed face is drawn narrower (DejaVu's condensed advances are 90 % of Book's).
        let wide = ("Hello" as NSString).size(withAttributes: [.font: book]).width
        let narrow = ("Hello" as NSString).size(withAttributes: [.font: condensed]).width
        #expect(narrow < wide * 0.95)
        #expect(UIFont(name: "DejaVu Sans", size: 12)?.fontName == "DejaVuSans", "a family name is its regular face")
    }

    // MARK: Registering fonts

    /// Fontconfig opens fonts by path, so a font registered from data is written to a folder of
    /// the process's own (`strata-fonts-PID` in the temporary directory) while it runs; the
    /// folder goes when the process exits, instead of staying behind after every run.
    @Test func fontDataRegisteredByAProcessLeavesNothingBehind() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let data = try Data(contentsOf: UIFontTests.fixture)
            let provider = try #require(CGDataProvider(data: data as CFData))
            let font = try #require(CGFont(provider))
            #expect(CTFontManagerRegisterGraphicsFont(font, nil))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fonts-\(getpid())")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "the registered font's file")
            #expect(UIFont(name: "StrataTestMono-Oblique", size: 20) != nil)
            print(folder.path)
        }
        let folder = String(decoding: try #require(result).standardOutputContent, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(folder.contains("strata-fonts-"), "the child printed its folder: \(folder)")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is gone once the process exited")
    }

    /// "CTFontManagerRegisterGraphicsFont: Registers the specified graphics font with the font
    /// manager", and a font registered twice fails with `alreadyRegistered` (105); then the
    /// same file by URL, and as `UIAppFonts` lists it.
    @Test func bundledFontsOpenByPostScriptName() throws {
        #expect(UIFont(name: "StrataTestMono-Oblique", size: 20) == nil)
        let data = try Data(contentsOf: Self.fixture)
        let provider = try #require(CGDataProvider(data: data as CFData))
        let font = try #require(CGFont(provider))
        #expect(font.postScriptName == "StrataTestMono-Oblique")
        #expect(font.unitsPerEm == 2048)
        var error: Unmanaged<CFError>?
        #expect(CTFontManagerRegisterGraphicsFont(font, &error))
        #expect(error == nil)

        let opened = try #require(UIFont(name: "StrataTestMono-Oblique", size: 20))
        #expect(opened.fontName == "StrataTestMono-Oblique")
        #expect(opened.familyName == "Strata Test Mono")
        #expect(UIFont.fontNames(forFamilyName: "Strata Test Mono") == ["StrataTestMono-Oblique"])
        let width = ("Hello" as NSString).size(withAttributes: [.font: opened]).width
        #expect(abs(width - 60.205) < 0.01)

        #expect(!CTFontManagerRegisterGraphicsFont(font, &error))
        #expect(error?.takeRetainedValue().code == 105)

        var urlError: Unmanaged<CFError>?
        let missing = URL(fileURLWithPath: "/nonexistent/Font.ttf")
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &urlError))
        #expect(urlError?.takeRetainedValue().code == 101)
        let copy = try Self.fixtureCopy()
        #expect(CTFontManagerRegisterFontsForURL(copy as CFURL, .process, nil))
        #expect(!CTFontManagerRegisterFontsForURL(copy as CFURL, .process, nil), "a file registers once")

        let bundleCopy = try Self.fixtureCopy()
        let bundle = try #require(Bundle(path: bundleCopy.deletingLastPathComponent().path))
        let registered = FontSystem.shared.registerAppFonts(["StrataTestMono-Oblique.ttf", "Missing.ttf"], in: bundle)
        #expect(registered.count == 1)
        #expect(UIFont(name: "StrataTestMono-Oblique", size: 10)?.fontName == "StrataTestMono-Oblique")
    }

    @Test func dataThatIsNoFontMakesNoCGFont() throws {
        let provider = try #require(CGDataProvider(data: Data("not a font".utf8) as CFData))
        #expect(CGFont(provider) == nil)
    }

    // MARK: Descriptors

    @Test func descriptorsDescribeAndTraitsChooseFaces() throws {
        let font = UIFont.systemFont(ofSize: 15)
        let descriptor = font.fontDescriptor
        #expect(descriptor.postscriptName == "Inter-Regular")
        #expect(descriptor.pointSize == 15)
        #expect(descriptor.fontAttributes[.family] as? String == "Inter")
        #expect(descriptor.symbolicTraits == [])

        let bold = try #require(descriptor.withSymbolicTraits(.traitBold))
        #expect(bold.symbolicTraits == .traitBold)
        let boldFont = UIFont(descriptor: bold, size: 0)
        #expect(boldFont.fontName == "Inter-Bold")
        #expect(boldFont.pointSize == 15, "size 0 keeps the descriptor's size")
        #expect(boldFont.fontDescriptor.symbolicTraits.contains(.traitBold))

        let italic = try #require(descriptor.withSymbolicTraits(.traitItalic))
        #expect(UIFont(descriptor: italic, size: 20).fontName == "Inter-Italic")
        #expect(UIFont(descriptor: italic, size: 20).pointSize == 20)
        let both = try #require(descriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: both, size: 20).fontName == "Inter-BoldItalic")

        let dejaVu = try #require(UIFont(name: "DejaVuSans", size: 12)).fontDescriptor
        let oblique = try #require(dejaVu.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: oblique, size: 12).fontName == "DejaVuSans-BoldOblique")
        let condensed = try #require(dejaVu.withSymbolicTraits([.traitCondensed, .traitBold]))
        #expect(UIFont(descriptor: condensed, size: 12).fontName == "DejaVuSansCondensed-Bold")

        let named = UIFontDescriptor(name: "DejaVuSerif-Bold", size: 9)
        #expect(named.postscriptName == "DejaVuSerif-Bold")
        #expect(named.pointSize == 9)
        #expect(UIFont(descriptor: named, size: 0).fontName == "DejaVuSerif-Bold")
        #expect(UIFont(descriptor: named.withSize(30), size: 0).pointSize == 30)
        #expect(UIFont(descriptor: named.withFamily("DejaVu Sans Mono"), size: 0).fontName == "DejaVuSansMono")
    }

    @Test func textStyleDescriptorsCarryTheStyle() {
        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        #expect(descriptor.fontAttributes[.textStyle] as? String == "UICTFontTextStyleHeadline")
        #expect(descriptor.pointSize == 17)
        #expect(descriptor.postscriptName == "Inter-SemiBold")
    }
}
