import Foundation
import Strata
import Testing

/// The visual format language, solved in a 300 × 200 container (margins 8).
@MainActor
@Suite struct VisualFormatTests {
    func scene() -> (UIView, UIView, UIView) {
        let c = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let a = UIView(), b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            c.addSubview(v)
        }
        return (c, a, b)
    }

    /// `|-20-[a(100)]-10-[b]-20-|` in 300: a from 20, 100 wide; b from 130 to 280.
    @Test func spacingsAndSizesFromNumbersAndMetrics() {
        let (c, a, b) = scene()
        let views = ["a": a, "b": b]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-edge-[a(100)]-10-[b]-edge-|", metrics: ["edge": 20], views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|-10-[a(50)]", metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|-10-[b(==a)]", metrics: nil, views: views))
        c.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 10, width: 100, height: 50))
        #expect(b.frame == CGRect(x: 130, y: 10, width: 150, height: 50))
    }

    /// `|-[a(==b)]-[b]-|`: the standard space is the margin (8) at the edges and 8 between;
    /// (284 − 8) / 2 = 138 each.
    @Test func theStandardSpaceAndEqualWidths() {
        let (c, a, b) = scene()
        let views = ["a": a, "b": b]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a(==b)]-[b]-|", options: .alignAllTop, metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|[a(20)]", metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:[b(30)]", metrics: nil, views: views))
        c.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 8, y: 0, width: 138, height: 20))
        #expect(b.frame == CGRect(x: 154, y: 0, width: 138, height: 30), "aligned to a's top by the option")
    }

    @Test func relationsAndPrioritiesAreRead() {
        let (c, a, _) = scene()
        defer { withExtendedLifetime(c) {} }
        let cs = NSLayoutConstraint.constraints(withVisualFormat: "H:|-(>=50@750)-[a(<=80,>=10@250)]", metrics: nil, views: ["a": a])
        #expect(cs.count == 3)
        let widths = cs.filter { $0.firstAttribute == .width }
        #expect(widths.map(\.relation) == [.lessThanOrEqual, .greaterThanOrEqual])
        #expect(widths.map(\.constant) == [80, 10] && widths[1].priority == UILayoutPriority(250))
        let leading = cs.first { $0.firstAttribute == .leading }!
        #expect(leading.relation == .greaterThanOrEqual && leading.constant == 50 && leading.priority == .defaultHigh)
        #expect(cs.allSatisfy { !$0.isActive }, "made inactive, as UIKit's")
    }

    @Test func aFormatThatDoesNotParseTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let c = UIView(), a = UIView()
                c.addSubview(a)
                _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a", metrics: nil, views: ["a": a])
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Unable to parse constraint format"), "\(message)")
    }
}
