"""Sharded rendering on Ray (strata.render): run with STRATA_COMMAND naming the strata command and
STRATA_WALKTHROUGH the Walkthrough example (120 frames of 640x960); RenderOnRayTests in
Tests/StrataIntegrationTests runs them. A local Ray cluster of 2 CPUs serves every test."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import ray

from strata import render_on_ray
from strata.render import RenderError, ShardError, plan_shards

STRATA = os.environ.get("STRATA_COMMAND", "")
WALKTHROUGH = os.environ.get("STRATA_WALKTHROUGH", "")


class PlanTests(unittest.TestCase):
    def test_shards_are_consecutive_ranges_covering_the_frames_once(self):
        self.assertEqual(plan_shards((0, 119), 30), [(0, 29), (30, 59), (60, 89), (90, 119)])
        self.assertEqual(plan_shards((5, 17), 5), [(5, 9), (10, 14), (15, 17)])
        self.assertEqual(plan_shards((7, 7), 30), [(7, 7)])
        with self.assertRaises(RenderError):
            plan_shards((0, 9), 0)


@unittest.skipUnless(STRATA and WALKTHROUGH, "STRATA_COMMAND and STRATA_WALKTHROUGH name the strata command and Walkthrough")
class RayTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        cls.folder = tempfile.mkdtemp(prefix="strata-ray-tests-")
        # The frames of one process, from frame 0: what every sharded run must equal.
        cls.reference = os.path.join(cls.folder, "reference")
        subprocess.run([STRATA, "render", WALKTHROUGH, "--out", cls.reference, "--quiet"], check=True, capture_output=True)

    @classmethod
    def tearDownClass(cls):
        ray.shutdown()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def out(self, name):
        return os.path.join(self.folder, name)

    def assertSameFrames(self, folder, frames):
        names = sorted(os.listdir(folder))
        self.assertEqual(names, [f"frame-{i:05d}.png" for i in frames])
        for name in names:
            with open(os.path.join(folder, name), "rb") as a, open(os.path.join(self.reference, name), "rb") as b:
                self.assertTrue(a.read() == b.read(), f"{name} differs from the single process's")

    def test_120_frames_in_4_shards_are_the_single_process_frames(self):
        result = render_on_ray(WALKTHROUGH, shard=30, out=self.out("sharded"), strata=STRATA, progress=False)
        self.assertEqual((result["frames"], result["shards"], result["retries"]), (120, 4, 0))
        self.assertSameFrames(self.out("sharded"), range(120))

    def test_a_worker_killed_mid_shard_is_retried_and_the_output_is_complete_and_identical(self):
        killed = []

        def kill_the_worker_of_frames_30_to_59():
            # Wait for shard 1's strata render to have written 3 frames, then SIGKILL its parent:
            # the Ray worker running the shard.
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not killed:
                for pid in filter(str.isdigit, os.listdir("/proc")):
                    try:
                        with open(f"/proc/{pid}/cmdline", "rb") as f:
                            arguments = f.read().split(b"\0")
                        if b"render" not in arguments or b"30..59" not in arguments:
                            continue
                        folder = arguments[arguments.index(b"--out") + 1].decode()
                        if len(os.listdir(folder)) < 3:
                            continue
                        with open(f"/proc/{pid}/stat") as f:
                            parent = int(f.read().rsplit(")", 1)[1].split()[1])
                        os.kill(parent, signal.SIGKILL)
                        killed.append(parent)
                        return
                    except (OSError, ValueError, IndexError):
                        continue
                time.sleep(0.01)

        killer = threading.Thread(target=kill_the_worker_of_frames_30_to_59)
        killer.start()
        result = render_on_ray(WALKTHROUGH, shard=30, out=self.out("killed"), strata=STRATA, progress=False)
        killer.join()
        self.assertEqual(len(killed), 1, "the worker of shard 1 was found and killed mid-shard")
        self.assertEqual((result["frames"], result["shards"]), (120, 4))
        self.assertGreaterEqual(result["retries"], 1)
        self.assertSameFrames(self.out("killed"), range(120))

    def test_a_program_that_crashes_on_a_frame_names_the_shard_and_the_frame_and_the_other_shards_are_kept(self):
        wrapper = self.out("crashing")
        frame_bytes = 8 + 640 * 960 * 4
        with open(wrapper, "w") as f:
            f.write(f"""#!/bin/sh
[ "$1" = --describe ] && exec '{WALKTHROUGH}' --describe
[ "$2" != 60..89 ] && exec '{WALKTHROUGH}' "$@"
'{WALKTHROUGH}' "$@" | head -c {20 + 15 * frame_bytes}
kill -SEGV $$
""")
        os.chmod(wrapper, 0o755)
        with self.assertRaises(ShardError) as caught:
            render_on_ray(wrapper, shard=30, out=self.out("crash"), strata=STRATA, progress=False, max_retries=0)
        error = caught.exception
        self.assertEqual((error.shard, error.frames), (2, (60, 89)))
        message = str(error)
        self.assertTrue(message.startswith("shard 2 (frames 60..89) failed: strata render: crashing crashed (signal 11, "
                                           "Segmentation fault) while rendering frame 75"), message)
        self.assertTrue(message.endswith(f"; the other shards' 90 frames are in {self.out('crash')}"), message)
        self.assertSameFrames(self.out("crash"), list(range(60)) + list(range(90, 120)))

    def test_bad_input_is_refused_before_anything_runs(self):
        with self.assertRaises(RenderError) as caught:
            render_on_ray(WALKTHROUGH, frames=(100, 130), out=self.out("outside"), strata=STRATA)
        self.assertEqual(str(caught.exception), "frames 100..130 are outside Walkthrough's frames 0..119 (120 frames at 60 per "
                                                "second); ask for a range within them")
        with self.assertRaises(RenderError) as caught:
            render_on_ray(WALKTHROUGH, out="/proc/strata-no/frames", strata=STRATA)
        self.assertTrue(str(caught.exception).startswith("cannot make the output folder /proc/strata-no/frames: "))
        self.assertFalse(os.path.exists(self.out("outside")))

    def test_an_mp4_of_the_shards_has_every_frame(self):
        video = self.out("walk.mp4")
        result = render_on_ray(WALKTHROUGH, frames=(0, 59), shard=20, out=video, strata=STRATA, progress=False)
        self.assertEqual((result["frames"], result["shards"]), (60, 3))
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                "stream=nb_read_frames,width,height", "-of", "csv=p=0", video], capture_output=True, text=True)
        self.assertEqual(probe.stdout.strip(), "640,960,60")
        self.assertEqual([n for n in os.listdir(self.folder) if n.startswith(".strata-frames-")], [])

    def test_the_command_form_joins_the_running_cluster_and_writes_a_webm_of_every_frame(self):
        video = self.out("walk.webm")
        result = subprocess.run([sys.executable, "-m", "strata.render", WALKTHROUGH, "--out", video, "--shard", "40",
                                 "--strata", STRATA, "--address", "auto"], capture_output=True, text=True, timeout=300)
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        self.assertIn(f"strata.render: 120 frames in 3 shards written to {video} in ", result.stdout)
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                "stream=nb_read_frames,width,height", "-of", "csv=p=0", video], capture_output=True, text=True)
        self.assertEqual(probe.stdout.strip(), "640,960,120")
        bad = subprocess.run([sys.executable, "-m", "strata.render", WALKTHROUGH, "--out", video, "--frames", "9..3"],
                             capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("--frames wants A..B, two whole numbers with 0 <= A <= B (for example 30..59), got '9..3'", bad.stderr)


if __name__ == "__main__":
    unittest.main()
