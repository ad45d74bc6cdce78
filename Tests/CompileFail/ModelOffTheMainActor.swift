// Must NOT compile: the view model is @MainActor, so Swift 6 rejects touching it from elsewhere.
// scripts/setup.sh test type-checks this file against the built Strata module and fails the run
// if the compiler accepts it.
import Strata

func fromABackgroundThread() {
    let view = UIView()
    view.alpha = 0.5
}
