// Views that follow their superview's size through autoresizingMask, as UIKit code sizes a header,
// a sidebar and a content area without layout code: the window grows and they follow. Written as
// for iOS; only the import and the set-up at the end differ. Writes autoresizing-small.png and
// autoresizing-large.png into the folder it is given.
import Strata

final class DashboardView: UIView {
    let header = UIView()
    let sidebar = UIView()
    let content = UIView()
    let badge = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        header.frame = CGRect(x: 0, y: 0, width: frame.width, height: 30)
        header.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        header.backgroundColor = .systemBlue
        sidebar.frame = CGRect(x: 0, y: 30, width: 40, height: frame.height - 30)
        sidebar.autoresizingMask = [.flexibleHeight, .flexibleRightMargin]
        sidebar.backgroundColor = .systemGray
        content.frame = CGRect(x: 50, y: 40, width: frame.width - 60, height: frame.height - 50)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.backgroundColor = .white
        badge.frame = CGRect(x: frame.width - 30, y: 5, width: 20, height: 20)
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]  // keeps to the top-right corner
        badge.backgroundColor = .systemRed
        for view in [header, sidebar, content, badge] { addSubview(view) }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

// Strata's set-up in place of UIApplication: a screen, a window holding the dashboard (resized
// with it), frames written as PNG before and after the window grows.
@main
struct AutoresizingProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 240))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        window.backgroundColor = .black
        window.screen = screen
        window.makeKeyAndVisible()

        let dashboard = DashboardView(frame: window.bounds)
        dashboard.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(dashboard)
        try await screen.renderFrame().image!.writePNG(to: out + "/autoresizing-small.png")

        window.frame = screen.bounds  // the window grows to the whole screen; the views follow
        try await screen.renderFrame().image!.writePNG(to: out + "/autoresizing-large.png")
        print("content \(dashboard.content.frame), badge \(dashboard.badge.frame)")
        await screen.compositor.shutdown()
    }
}
