import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// iOS 13's bar appearance API as ported code uses it, the controller's layout-margin callback,
/// and a view that keeps its frame among constraints.
@MainActor
@Suite struct BarAppearanceTests {
    @Test func aNavigationBarTakesItsStandardAppearanceAsAKeptCopy() throws {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        bar.items = [UINavigationItem(title: "Inbox")]
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemIndigo
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white, .font: UIFont.systemFont(ofSize: 20)]
        bar.standardAppearance = appearance
        bar.scrollEdgeAppearance = appearance
        #expect(bar.backgroundColor == .systemIndigo)
        #expect(bar.standardAppearance !== appearance, "UIKit keeps a copy")
        appearance.backgroundColor = .systemRed
        #expect(bar.backgroundColor == .systemIndigo, "a change after assigning does not reach the bar")
        let title = try #require(bar.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Inbox" })
        #expect(title.textColor == .white)
        #expect(title.font.pointSize == 20)
        let transparent = UINavigationBarAppearance()
        transparent.configureWithTransparentBackground()
        #expect(transparent.backgroundColor == .clear && transparent.shadowColor == nil)
        let item = UINavigationItem(title: "Detail")
        item.standardAppearance = transparent
        bar.pushItem(item, animated: false)
        #expect(bar.backgroundColor == .clear, "the top item's appearance wins")
        bar.popItem(animated: false)
        #expect(bar.backgroundColor == .systemIndigo)
    }

    @Test func theDefaultAppearanceKeepsTheBarsLook() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(bar.backgroundColor == UIColor(white: 248.0 / 255, alpha: 1))
        bar.barTintColor = .systemYellow
        #expect(bar.backgroundColor == .systemYellow, "barTintColor still colours a default appearance")
        #expect(UINavigationBarAppearance().backgroundColor == nil)
        #expect(UINavigationBarAppearance().shadowColor != nil)
    }

    /// A controller counting its margin callbacks.
    final class Margins: UIViewController {
        var changes = 0
        override func viewLayoutMarginsDidChange() {
            super.viewLayoutMarginsDidChange()
            changes += 1
        }
    }

    @Test func aControllerHearsItsViewsMarginsChange() {
        let controller = Margins()
        controller.view.layoutMargins = UIEdgeInsets(top: 1, left: 20, bottom: 1, right: 20)
        #expect(controller.changes == 1)
        controller.view.layoutMargins = UIEdgeInsets(top: 1, left: 20, bottom: 1, right: 20)
        #expect(controller.changes == 1, "the same margins are no change")
    }

    @Test func aViewWithAutoresizingConstraintsKeepsItsFrameAndOthersMayReferToIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let fixed = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
        let follower = UIView()
        follower.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(fixed)
        root.addSubview(follower)
        NSLayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 8),
            follower.topAnchor.constraint(equalTo: fixed.bottomAnchor, constant: 4),
            follower.widthAnchor.constraint(equalToConstant: 30),
            follower.heightAnchor.constraint(equalTo: fixed.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
        #expect(follower.frame == CGRect(x: 68, y: 64, width: 30, height: 40))
        fixed.frame = CGRect(x: 100, y: 0, width: 20, height: 10)
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 100, y: 0, width: 20, height: 10))
        #expect(follower.frame == CGRect(x: 128, y: 14, width: 30, height: 10), "the constraints follow the new frame")
    }

    @Test func aConfigurationShowsASpinnerInPlaceOfItsImage() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Sending"
        configuration.imagePadding = 8
        configuration.showsActivityIndicator = true
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        button.layoutIfNeeded()
        let spinner = try #require(button.subviews.compactMap { $0 as? UIActivityIndicatorView }.first)
        #expect(spinner.isAnimating)
        #expect(spinner.frame.size == CGSize(width: 20, height: 20))
        let title = try #require(button.titleLabel)
        #expect(abs(title.frame.minX - (spinner.frame.maxX + 8)) < 0.5, "the title after the spinner and the padding")
        configuration.showsActivityIndicator = false
        button.configuration = configuration
        #expect(!spinner.isAnimating)
        #expect(spinner.isHidden, "stopped, it hides (hidesWhenStopped)")
    }
}
