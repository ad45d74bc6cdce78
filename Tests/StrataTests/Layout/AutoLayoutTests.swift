import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// Auto Layout: constraints and anchors solved into frames at layout, as UIKit's classic layouts
/// give them. A 300 × 200 container (placed by its frame) holds views placed by constraints;
/// every frame is worked out by hand in the test.
@MainActor
@Suite struct AutoLayoutTests {
    func container() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200)) }

    func constrained(in parent: UIView) -> UIView {
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(v)
        return v
    }

    @Test func pinnedEdgesWithInsets() {
        let c = container(), v = constrained(in: c)
        #expect(UIView().translatesAutoresizingMaskIntoConstraints, "true for views made in code")
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 20),
            v.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -20),
            v.topAnchor.constraint(equalTo: c.topAnchor, constant: 10),
            v.bottomAnchor.constraint(equalTo: c.bottomAnchor, constant: -10),
        ])
        #expect(c.constraints.count == 4, "installed on the nearest common ancestor")
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 20, y: 10, width: 260, height: 180))
        // The container grows: the pinned view follows at the next layout.
        c.frame.size = CGSize(width: 400, height: 300)
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 20, y: 10, width: 360, height: 280))
    }

    @Test func centredWithAFixedSize() {
        let c = container(), v = constrained(in: c)
        NSLayoutConstraint.activate([
            v.centerXAnchor.constraint(equalTo: c.centerXAnchor), v.centerYAnchor.constraint(equalTo: c.centerYAnchor),
            v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 50),
        ])
        #expect(v.constraints.count == 2, "a constant size is installed on the view itself")
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 100, y: 75, width: 100, height: 50))
    }

    @Test func aspectRatioThroughAMultiplierAndEqualWidths() {
        let c = container()
        let a = constrained(in: c), b = constrained(in: c)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: c.leadingAnchor), a.topAnchor.constraint(equalTo: c.topAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10), b.trailingAnchor.constraint(equalTo: c.trailingAnchor),
            b.topAnchor.constraint(equalTo: c.topAnchor),
            a.widthAnchor.constraint(equalTo: b.widthAnchor),
            a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5),
            b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 2, constant: 5),
        ])
        c.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 145, height: 72.5))
        #expect(b.frame == CGRect(x: 155, y: 0, width: 145, height: 150))
    }

    /// Two labels fill a 300-point row with 8 points between: both would hug their text, and
    /// the one that hugs less (249 against a label's 251) takes the slack.
    @Test func hugRulesWhichLabelStretches() {
        let c = container()
        let short = UILabel(), long = UILabel()
        for (l, text) in [(short, "Hi"), (long, "There")] {
            l.text = text
            l.translatesAutoresizingMaskIntoConstraints = false
            c.addSubview(l)
        }
        #expect(short.contentHuggingPriority(for: .horizontal) == UILayoutPriority(251), "UILabel's default hugging")
        long.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        NSLayoutConstraint.activate([
            short.leadingAnchor.constraint(equalTo: c.leadingAnchor), short.topAnchor.constraint(equalTo: c.topAnchor),
            long.leadingAnchor.constraint(equalTo: short.trailingAnchor, constant: 8), long.trailingAnchor.constraint(equalTo: c.trailingAnchor),
            long.topAnchor.constraint(equalTo: c.topAnchor),
        ])
        c.layoutIfNeeded()
        #expect(short.frame.width == short.intrinsicContentSize.width)
        #expect(long.frame.minX == short.frame.maxX + 8 && long.frame.maxX == 300)
        #expect(short.frame.height == short.intrinsicContentSize.height, "vertically at its intrinsic height")
    }

    /// The same row in 60 points, too narrow for both texts: the label that resists compression
    /// less (749) gives way; the other keeps its whole text.
    @Test func compressionResistanceDecidesWhichLabelShrinks() {
        let c = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        let keep = UILabel(), give = UILabel()
        for (l, text) in [(keep, "Hello"), (give, "World")] {
            l.text = text
            l.translatesAutoresizingMaskIntoConstraints = false
            c.addSubview(l)
        }
        give.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        NSLayoutConstraint.activate([
            keep.leadingAnchor.constraint(equalTo: c.leadingAnchor), give.leadingAnchor.constraint(equalTo: keep.trailingAnchor),
            give.trailingAnchor.constraint(equalTo: c.trailingAnchor),
            keep.topAnchor.constraint(equalTo: c.topAnchor), give.topAnchor.constraint(equalTo: c.topAnchor),
        ])
        c.layoutIfNeeded()
        #expect(keep.frame.width == keep.intrinsicContentSize.width)
        #expect(give.frame.width == 60 - keep.intrinsicContentSize.width)
    }

    @Test func aConstantChangeMovesOnlyWhatDependsOnIt() {
        let c = container()
        let a = constrained(in: c), b = constrained(in: c)
        let leading = a.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 20)
        NSLayoutConstraint.activate([
            leading, a.topAnchor.constraint(equalTo: c.topAnchor), a.widthAnchor.constraint(equalToConstant: 50),
            a.heightAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: c.leadingAnchor), b.topAnchor.constraint(equalTo: a.bottomAnchor),
            b.widthAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        c.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 0, width: 50, height: 50) && b.frame == CGRect(x: 0, y: 50, width: 10, height: 10))
        leading.constant = 40
        #expect(a.frame.minX == 20, "frames change at the next layout")
        c.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 40, y: 0, width: 50, height: 50))
        #expect(b.frame == CGRect(x: 0, y: 50, width: 10, height: 10), "b does not depend on the leading constant")
        leading.isActive = false
        #expect(!leading.isActive && c.constraints.count == 3, "four were installed on the container")
    }

    /// A view placed by its frame and autoresizing mask inside a container that constraints
    /// size: when the container grows from 200 to 300 wide, the frame follows the mask exactly
    /// as plain autoresizing moves it.
    @Test func autoresizingTranslationMatchesAutoresizing() {
        let root = container()
        let box = constrained(in: root)
        let width = box.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
            width, box.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        let stretch = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        stretch.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin]
        box.addSubview(stretch)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let reference = UIView(frame: stretch.frame)
        reference.autoresizingMask = stretch.autoresizingMask
        plain.addSubview(reference)
        width.constant = 300
        root.layoutIfNeeded()
        plain.frame.size.width = 300
        #expect(box.frame.width == 300)
        #expect(stretch.frame == reference.frame, "\(stretch.frame) against autoresizing's \(reference.frame)")
    }

    @Test func marginGuidesInsetByTheLayoutMargins() {
        let c = container(), v = constrained(in: c)
        #expect(c.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        let g = c.layoutMarginsGuide
        #expect(g.owningView === c)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: g.leadingAnchor), v.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            v.topAnchor.constraint(equalTo: g.topAnchor), v.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 8, y: 8, width: 284, height: 184))
        #expect(g.layoutFrame == CGRect(x: 8, y: 8, width: 284, height: 184))
    }

    /// A card whose height follows its label: 10 points around a label; the compressed size is
    /// the label's intrinsic size plus 20 each way.
    @Test func systemLayoutSizeFittingFollowsTheContent() {
        let card = UIView()
        let label = UILabel()
        label.text = "Hello"
        label.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        let size = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        let text = label.intrinsicContentSize
        #expect(size == CGSize(width: text.width + 20, height: text.height + 20))
        let wide = card.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(wide == CGSize(width: 300, height: text.height + 20), "a required width, the height from the content")
    }

    @Test func aLowerPriorityConstraintGivesWayAndAConflictIsSkipped() {
        let c = container(), v = constrained(in: c)
        let preferred = v.widthAnchor.constraint(equalToConstant: 200)
        preferred.priority = .defaultHigh
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: c.leadingAnchor), v.topAnchor.constraint(equalTo: c.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 10), v.widthAnchor.constraint(equalToConstant: 100), preferred,
        ])
        c.layoutIfNeeded()
        #expect(v.frame.width == 100, "the required width wins over the 750 one")
        let conflicting = v.widthAnchor.constraint(equalToConstant: 150)
        conflicting.isActive = true  // conflicts with the required 100: logged and left out
        c.layoutIfNeeded()
        #expect(v.frame.width == 100)
        #expect(conflicting.isActive, "it stays active, as in UIKit; the engine breaks it")
    }

    @Test func updateConstraintsRunsBeforeLayoutWhenAskedFor() {
        final class Box: UIView {
            var updates = 0
            override func updateConstraints() {
                updates += 1
                super.updateConstraints()
            }
        }
        let c = container()
        let box = Box()
        box.translatesAutoresizingMaskIntoConstraints = false
        c.addSubview(box)
        NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 10)])
        box.setNeedsUpdateConstraints()
        #expect(box.needsUpdateConstraints())
        c.layoutIfNeeded()
        #expect(box.updates == 1 && !box.needsUpdateConstraints())
        box.updateConstraintsIfNeeded()
        #expect(box.updates == 1, "nothing due")
    }

    @Test func theOldInitializerAndItsReadBack() {
        let c = container(), v = constrained(in: c)
        let width = NSLayoutConstraint(item: v, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 42)
        let left = NSLayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: c, attribute: .left, multiplier: 1, constant: 7)
        width.identifier = "width"
        c.addConstraints([left])
        v.addConstraint(width)
        NSLayoutConstraint.activate([v.topAnchor.constraint(equalTo: c.topAnchor), v.heightAnchor.constraint(equalToConstant: 1)])
        #expect(width.firstItem === v && width.secondItem == nil && width.firstAttribute == .width && width.relation == .equal)
        #expect(left.secondItem === c && left.secondAttribute == .left && left.multiplier == 1 && left.constant == 7)
        #expect(width.isActive && left.isActive)
        c.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 7, y: 0, width: 42, height: 1))
        #expect(NSLayoutConstraint.Attribute.width.rawValue == 7 && NSLayoutConstraint.Relation.greaterThanOrEqual.rawValue == 1)
        #expect("\(width)".contains("'width'"))
        c.removeConstraint(left)
        #expect(!left.isActive)
    }

    @Test func removingAViewTakesItsConstraintsToTheOutsideWithIt() {
        let c = container(), v = constrained(in: c), inner = constrained(in: v)
        let outside = v.leadingAnchor.constraint(equalTo: c.leadingAnchor)
        let within = inner.leadingAnchor.constraint(equalTo: v.leadingAnchor)
        let own = v.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([outside, within, own])
        v.removeFromSuperview()
        #expect(!outside.isActive && c.constraints.isEmpty, "it tied the leaving view to the container")
        #expect(within.isActive && own.isActive, "constraints inside the subtree stay")
    }

    @Test func constraintsBetweenUnrelatedViewsTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIView(), b = UIView()
                a.leadingAnchor.constraint(equalTo: b.leadingAnchor).isActive = true
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("no common ancestor"), "\(message)")
    }

    /// Inside a window on a screen: a 50-point square whose leading constant goes from 0 to 100
    /// inside a 1-second linear `UIView.animate` with `layoutIfNeeded()`: half way (frame 30 at
    /// 60 Hz) it is shown at x 50 while the model is already at 100.
    @Test(.tags(.gpu), .requiresGPU) func aConstraintChangeAnimatesWithLayoutIfNeededInAnAnimationBlock() async throws {
        let f = try ScreenFixture(size: CGSize(width: 200, height: 100), gpu: true)
        let square = constrained(in: f.window)
        square.backgroundColor = .red
        let leading = square.leadingAnchor.constraint(equalTo: f.window.leadingAnchor)
        NSLayoutConstraint.activate([
            leading, square.topAnchor.constraint(equalTo: f.window.topAnchor),
            square.widthAnchor.constraint(equalToConstant: 50), square.heightAnchor.constraint(equalToConstant: 50),
        ])
        _ = try await f.render()
        #expect(square.frame == CGRect(x: 0, y: 0, width: 50, height: 50))
        leading.constant = 100
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { f.window.layoutIfNeeded() }
        #expect(square.frame.minX == 100, "the model moves at once")
        let half = try await f.renderFrames(31)
        let shownX = try #require(square.layer.presentation()).frame.minX
        #expect(abs(shownX - 50) < 2, "half way: x \(shownX)")
        expectPixel(half, 60, 25, .red, tolerance: 2, "the square's middle, half way")
        await f.finish()
    }
}
