import Foundation
import Strata
import StrataCore
import Testing

/// Margins that follow the superview's and the safe area, the readable content guide, and
/// ambiguity: each number worked out by hand from UIKit's documented rules.
@MainActor
@Suite struct AutoLayoutMarginTests {
    func container(_ width: CGFloat = 300, _ height: CGFloat = 200) -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: width, height: height)) }

    func constrained(in parent: UIView) -> UIView {
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(v)
        return v
    }

    /// Pins `v` to `guide`'s four edges.
    func pin(_ v: UIView, to guide: UILayoutGuide) {
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: guide.leadingAnchor), v.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            v.topAnchor.constraint(equalTo: guide.topAnchor), v.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
    }

    @Test("preservesSuperviewLayoutMargins: a content view filling a superview with 40-point margins keeps its content 40 in (its own margins 8)")
    func preservesSuperviewMargins() {
        let outer = container()
        outer.layoutMargins = UIEdgeInsets(top: 40, left: 40, bottom: 40, right: 40)
        let content = constrained(in: outer)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: outer.leadingAnchor), content.trailingAnchor.constraint(equalTo: outer.trailingAnchor),
            content.topAnchor.constraint(equalTo: outer.topAnchor), content.bottomAnchor.constraint(equalTo: outer.bottomAnchor),
        ])
        let inner = constrained(in: content)
        pin(inner, to: content.layoutMarginsGuide)
        outer.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 8, y: 8, width: 284, height: 184), "not preserved: the content view's own 8-point margins")
        content.preservesSuperviewLayoutMargins = true
        outer.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 40, y: 40, width: 220, height: 120), "preserved: the superview's 40 points")
        #expect(content.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), "the view's own margins are unchanged")
    }

    @Test("Preserving adjusts only by what is needed: a content view 30 points in from the left keeps 10 more (40 − 30), 8 elsewhere")
    func preservingAdjustsByTheLeastAmount() {
        let outer = container()
        outer.layoutMargins = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 0)
        let content = constrained(in: outer)
        content.preservesSuperviewLayoutMargins = true
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 30), content.trailingAnchor.constraint(equalTo: outer.trailingAnchor),
            content.topAnchor.constraint(equalTo: outer.topAnchor), content.bottomAnchor.constraint(equalTo: outer.bottomAnchor),
        ])
        let inner = constrained(in: content)
        pin(inner, to: content.layoutMarginsGuide)
        outer.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 10, y: 8, width: 270 - 10 - 8, height: 184))
    }

    @Test("Margin attributes (leadingMargin, topMargin) follow preserved margins too")
    func marginAttributesFollow() {
        let outer = container()
        outer.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        let content = constrained(in: outer)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: outer.leadingAnchor), content.trailingAnchor.constraint(equalTo: outer.trailingAnchor),
            content.topAnchor.constraint(equalTo: outer.topAnchor), content.bottomAnchor.constraint(equalTo: outer.bottomAnchor),
        ])
        let inner = constrained(in: content)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: inner, attribute: .leading, relatedBy: .equal, toItem: content, attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: inner, attribute: .top, relatedBy: .equal, toItem: content, attribute: .topMargin, multiplier: 1, constant: 0),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        outer.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 8, y: 8))
        content.preservesSuperviewLayoutMargins = true
        outer.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 30, y: 30))
        content.layoutMargins = UIEdgeInsets(top: 50, left: 50, bottom: 8, right: 8)
        outer.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 50, y: 50), "its own larger margins win")
    }

    @Test("The margins guide is measured from the safe area: a safe area of 20 at the top puts an 8-point margin at 28; insetsLayoutMarginsFromSafeArea false at 8")
    func marginsFromTheSafeArea() throws {
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let window = controller.view!
        window.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        window.layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        #expect(window.safeAreaInsets.top == 20)
        #expect(window.insetsLayoutMarginsFromSafeArea, "true by default")
        let inner = constrained(in: window)
        pin(inner, to: window.layoutMarginsGuide)
        window.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 8, y: 28, width: 284, height: 164))
        window.insetsLayoutMarginsFromSafeArea = false
        window.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 8, y: 8, width: 284, height: 184))
    }

    @Test("readableContentGuide: in a 300-point view, the margins (8…292); in a 1000-point view, 672 wide and centred (164…836)")
    func readableContentGuide() {
        for (width, expected) in [(CGFloat(300), CGRect(x: 8, y: 8, width: 284, height: 184)), (1000, CGRect(x: 164, y: 8, width: 672, height: 184))] {
            let c = container(width)
            let inner = constrained(in: c)
            pin(inner, to: c.readableContentGuide)
            c.layoutIfNeeded()
            #expect(inner.frame == expected, "width \(width)")
            #expect(c.readableContentGuide.layoutFrame == expected)
        }
        #expect(UIView.readableContentWidth == 672)
    }

    @Test("hasAmbiguousLayout: a view with only a position is ambiguous; given a size it is not; exercising moves only an ambiguous one")
    func ambiguity() {
        let c = container()
        let v = constrained(in: c)
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10), v.topAnchor.constraint(equalTo: c.topAnchor, constant: 20)])
        c.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout, "width and height are free")
        let before = v.frame
        v.exerciseAmbiguityInLayout()
        #expect(v.frame != before, "another valid layout: \(v.frame)")
        #expect(v.frame.origin == CGPoint(x: 10, y: 20), "what the constraints fix stays")
        NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 30)])
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 10, y: 20, width: 50, height: 30))
        #expect(!v.hasAmbiguousLayout)
        v.exerciseAmbiguityInLayout()
        #expect(v.frame == CGRect(x: 10, y: 20, width: 50, height: 30), "nothing to exercise")
        #expect(!c.hasAmbiguousLayout, "a view placed by its frame is not ambiguous")
    }

    @Test("An inequality alone leaves room: width ≥ 40 is ambiguous, with a lower-priority width of 60 it is not")
    func inequalityAmbiguity() {
        let c = container()
        let v = constrained(in: c)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: c.leadingAnchor), v.topAnchor.constraint(equalTo: c.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 10), v.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
        ])
        c.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout)
        let preferred = v.widthAnchor.constraint(equalToConstant: 60)
        preferred.priority = .defaultLow
        preferred.isActive = true
        c.layoutIfNeeded()
        #expect(!v.hasAmbiguousLayout)
        #expect(v.frame.width == 60)
    }

    @Test("A view fixed inside an ambiguous superview is not ambiguous itself (its frame in the superview is fixed)")
    func ambiguityIsRelativeToTheSuperview() {
        let c = container()
        let parent = constrained(in: c)
        let child = constrained(in: parent)
        NSLayoutConstraint.activate([
            parent.widthAnchor.constraint(equalToConstant: 100), parent.heightAnchor.constraint(equalToConstant: 100),
            child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 5), child.topAnchor.constraint(equalTo: parent.topAnchor, constant: 5),
            child.widthAnchor.constraint(equalToConstant: 10), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        c.layoutIfNeeded()
        #expect(parent.hasAmbiguousLayout, "the parent's position is free")
        #expect(!child.hasAmbiguousLayout)
    }

    @Test("constraintsAffectingLayout(for:) lists the constraints naming the view on that axis")
    func constraintsAffecting() {
        let c = container()
        let v = constrained(in: c)
        let leading = v.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10)
        let width = v.widthAnchor.constraint(equalToConstant: 50)
        let top = v.topAnchor.constraint(equalTo: c.topAnchor)
        let height = v.heightAnchor.constraint(equalToConstant: 20)
        NSLayoutConstraint.activate([leading, width, top, height])
        let horizontal = v.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.count == 2 && horizontal.contains { $0 === leading } && horizontal.contains { $0 === width })
        let vertical = v.constraintsAffectingLayout(for: .vertical)
        #expect(vertical.count == 2 && vertical.contains { $0 === top } && vertical.contains { $0 === height })
    }

    @Test("A three-line label's first baseline is one ascender down, its last two line heights below that; two lines move the last up a line")
    func multiLineBaselines() {
        let c = container(300, 300)
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 20)
        label.text = "one\ntwo\nthree"
        c.addSubview(label)
        let first = constrained(in: c), last = constrained(in: c)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: c.leadingAnchor), label.topAnchor.constraint(equalTo: c.topAnchor, constant: 10),
            label.widthAnchor.constraint(equalToConstant: 200),
            first.topAnchor.constraint(equalTo: label.firstBaselineAnchor), last.topAnchor.constraint(equalTo: label.lastBaselineAnchor),
            first.leadingAnchor.constraint(equalTo: c.leadingAnchor), last.leadingAnchor.constraint(equalTo: c.leadingAnchor),
            first.widthAnchor.constraint(equalToConstant: 1), last.widthAnchor.constraint(equalToConstant: 1),
            first.heightAnchor.constraint(equalToConstant: 1), last.heightAnchor.constraint(equalToConstant: 1),
        ])
        c.layoutIfNeeded()
        let font = UIFont.systemFont(ofSize: 20)
        #expect(abs(first.frame.minY - (10 + font.ascender)) <= 1, "first baseline \(first.frame.minY), ascender \(font.ascender)")
        #expect(abs(last.frame.minY - first.frame.minY - 2 * font.lineHeight) <= 1.5, "last \(last.frame.minY), line height \(font.lineHeight)")
        let threeLines = label.frame.height
        label.text = "one\ntwo"
        c.layoutIfNeeded()
        #expect(abs(threeLines - label.frame.height - font.lineHeight) <= 1.5, "the new text's intrinsic height: \(label.frame.height)")
        #expect(abs(last.frame.minY - first.frame.minY - font.lineHeight) <= 1.5, "two lines: last \(last.frame.minY)")
    }
}
