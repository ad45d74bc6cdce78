"""Rendering a Strata program's frames in shards on Ray: `render_on_ray`, and `python -m strata.render`.

A program here is an executable whose `main` runs Strata's `RenderProgram(...).main()`; the
`strata` command renders any range of its frames (`strata render PROGRAM --frames A..B`), and
frame k is the same bytes in every range. So the frames split into shards of consecutive frames,
each shard is one Ray task running `strata render` for its range on a worker (`num_gpus=1` where
the cluster has GPUs, one CPU otherwise), and the driver puts the shards together in frame order:
their PNGs into a folder (`frame-NNNNN.png`), or, for an MP4 or WebM, the video segment each shard
encoded itself, joined by ffmpeg without encoding again.

A shard whose worker dies (the process killed, the node lost) is run again by Ray, up to
`max_retries` times, each attempt in a folder of its own, so nothing of a lost attempt is kept. A
shard whose program fails (an error, a crash on a frame) is not retried: it would fail the same
way. `render_on_ray` then raises `ShardError` naming the shard and the frame, after writing every
shard that finished.

The program and the `strata` command must be at the same paths on every node (a local cluster,
a shared file system, or a container image that holds both).
"""
import argparse
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

__all__ = ["describe", "plan_shards", "render_on_ray", "render_shard", "ShardError", "RenderError", "main"]


class RenderError(Exception):
    """A render that could not start or finish: the message says what failed and what to do."""


class ShardError(RenderError):
    """A shard whose program failed; `shard` is its number, `frames` its (first, last) frame,
    `written` the frames the other shards wrote."""

    def __init__(self, message, shard, frames, written):
        super().__init__(message)
        self.shard = shard
        self.frames = frames
        self.written = written


def find_strata(strata=None):
    """The `strata` command: `strata` if given, else $STRATA_COMMAND, else `strata` on PATH."""
    command = strata or os.environ.get("STRATA_COMMAND") or shutil.which("strata")
    if not command or not os.access(command, os.X_OK):
        raise RenderError("the strata command was not found: install it (bash scripts/setup.sh install) or pass strata=PATH "
                          "(or set STRATA_COMMAND)" + (f"; {command} is not executable" if command else ""))
    return command


def describe(program):
    """What `program --describe` says: frames, width, height, scale, framesPerSecond."""
    if not os.access(program, os.X_OK):
        raise RenderError(f"{program} is not an executable file: give the path of a program built with swift build")
    try:
        result = subprocess.run([program, "--describe"], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise RenderError(f"{os.path.basename(program)} --describe did not answer within 30 s (it was stopped); "
                          "is its main RenderProgram(...).main()?")
    try:
        description = json.loads(result.stdout.strip().splitlines()[-1])
        if result.returncode == 0 and description["frames"] >= 1:
            return description
    except (IndexError, ValueError, KeyError, TypeError):
        pass
    raise RenderError(f"{os.path.basename(program)} --describe did not describe a program (exit {result.returncode}); "
                      "is its main RenderProgram(...).main()?")


def plan_shards(frames, shard):
    """Splits frames (first, last), both included, into consecutive (first, last) ranges of
    `shard` frames (the last one shorter)."""
    first, last = frames
    if shard < 1:
        raise RenderError(f"shard must be at least 1 frame, got {shard}")
    return [(a, min(a + shard - 1, last)) for a in range(first, last + 1, shard)]


_prctl = ctypes.CDLL("libc.so.6", use_errno=True).prctl
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent):
    """The child's set-up before exec: killed when the worker that started it dies
    (PR_SET_PDEATHSIG; the program under strata render stops on its own when strata render goes)."""
    def setup():
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the worker died before the prctl
            os._exit(1)
    return setup


class _Attempts:
    """A Ray actor counting each shard's attempts (the first, and Ray's retries after a worker died)."""

    def __init__(self):
        self.counts = {}

    def started(self, shard):
        self.counts[shard] = self.counts.get(shard, 0) + 1

    def retries(self):
        return sum(count - 1 for count in self.counts.values())


def _ray_shard(number, program, first, last, strata, platform, attempts, video):
    """A shard as a Ray task: its attempt counted, then rendered as PNGs or a video segment."""
    import ray
    ray.get(attempts.started.remote(number))
    if video:
        return {"segment": render_segment(program, first, last, video, strata, platform), "frames": last - first + 1}
    return render_shard(program, first, last, strata, platform)


def render_segment(program, first, last, extension, strata=None, platform=None):
    """Renders frames first..last with `strata render` as a video (extension ".mp4" or ".webm":
    H.264 or VP9, each segment starting on a key frame) and returns the file's bytes. Raises
    RenderError as render_shard does."""
    folder = tempfile.mkdtemp(prefix=f"strata-segment-{first}-{last}-{uuid.uuid4().hex[:8]}-")
    try:
        path = os.path.join(folder, f"segment{extension}")
        _strata_render(program, first, last, path, strata, platform)
        with open(path, "rb") as f:
            return f.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def render_shard(program, first, last, strata=None, platform=None):
    """Renders frames first..last with `strata render` into a fresh folder and returns
    {frame: PNG bytes}. Raises RenderError with strata render's message when it fails."""
    folder = tempfile.mkdtemp(prefix=f"strata-shard-{first}-{last}-{uuid.uuid4().hex[:8]}-")
    try:
        _strata_render(program, first, last, folder, strata, platform)
        frames = {}
        for index in range(first, last + 1):
            with open(os.path.join(folder, f"frame-{index:05d}.png"), "rb") as f:
                frames[index] = f.read()
        return frames
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _strata_render(program, first, last, out, strata, platform):
    """`strata render PROGRAM --frames first..last --out out`; RenderError with its message."""
    arguments = [find_strata(strata), "render", program, "--frames", f"{first}..{last}", "--out", out, "--quiet"]
    if platform:
        arguments += ["--platform", platform]
    result = subprocess.run(arguments, capture_output=True, text=True, preexec_fn=_die_with_parent(os.getpid()))
    if result.returncode != 0:
        message = (result.stderr.strip() or result.stdout.strip() or f"strata render exited with {result.returncode}")
        line = message.splitlines()[-1]
        # Where strata render kept the shard's frames is this attempt's folder, which is removed.
        head, _, tail = line.rpartition("; ")
        raise RenderError(head if head and (tail.startswith("frames ") or tail == "no frame was written") else line)


class _Progress:
    """Shards and frames done, on one line of standard error when it is a terminal."""

    def __init__(self, shards, frames, enabled):
        self.shards, self.frames, self.enabled = shards, frames, enabled and sys.stderr.isatty()
        self.done_shards = self.done_frames = 0
        self.start = time.monotonic()

    def advance(self, frames):
        self.done_shards += 1
        self.done_frames += frames
        if not self.enabled:
            return
        width = 30
        filled = self.done_frames * width // max(self.frames, 1)
        rate = self.done_frames / max(time.monotonic() - self.start, 1e-9)
        sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {self.done_shards}/{self.shards} shards, "
                         f"{self.done_frames}/{self.frames} frames, {rate:.1f} fps ")
        sys.stderr.flush()

    def finish(self):
        if self.enabled and self.done_shards:
            sys.stderr.write("\n")


def _is_video(out):
    return os.path.splitext(out)[1].lower() in (".mp4", ".webm")


def _prepare_output(out):
    """The folder the PNGs go to (for a video, a temporary one beside it), checked writable."""
    video = _is_video(out)
    folder = (os.path.dirname(out) or ".") if video else out
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise RenderError(f"cannot make the output folder {folder}: {error.strerror}; choose an out you can write to")
    if not os.access(folder, os.W_OK):
        raise RenderError(f"cannot write into {folder}: Permission denied; choose an out you can write to")
    if video and not shutil.which("ffmpeg"):
        raise RenderError("writing a video needs the ffmpeg command, which is not on PATH: install it (apt-get install ffmpeg)")
    return tempfile.mkdtemp(prefix=".strata-frames-", dir=folder) if video else folder


def render_on_ray(program, frames=None, shard=30, out="frames", strata=None, address=None, platform=None,
                  max_retries=3, progress=True, num_cpus=None):
    """Renders frames (first, last) of `program` (default: all of them) in shards of `shard`
    frames, one Ray task each, and writes them to `out`: a folder of frame-NNNNN.png, or a file
    ending in .mp4 or .webm (each shard encodes its segment; ffmpeg joins them in order).

    Uses the Ray cluster at `address` ("auto" for one already running), or starts a local one
    (`num_cpus` CPUs, default all) when Ray is not initialised; a cluster with GPUs gives each task
    one (`num_gpus=1`), else one CPU. `max_retries` is how many times Ray runs a shard again whose
    worker died. Returns a dict: frames, shards, seconds, framesPerSecond, retries (attempts beyond the
    first that started, as the shards counted them), out.

    Raises RenderError for a bad program, range or output (before anything runs), and ShardError
    for a shard whose program failed (after the other shards are written)."""
    try:
        import ray  # noqa: F401 (here, to say what is missing before anything runs)
    except ImportError:
        raise RenderError("render_on_ray needs Ray: pip install 'ray>=2.60' (or pip install ./python[ray])")

    description = describe(program)
    available = (0, description["frames"] - 1)
    first, last = frames if frames is not None else available
    if not (available[0] <= first <= last <= available[1]):
        raise RenderError(f"frames {first}..{last} are outside {os.path.basename(program)}'s frames {available[0]}..{available[1]} "
                          f"({description['frames']} frames at {description['framesPerSecond']} per second); ask for a range within them")
    command = find_strata(strata)
    ranges = plan_shards((first, last), shard)
    folder = _prepare_output(out)
    try:
        return _run_shards(program, description, (first, last), ranges, command, folder, out, address, num_cpus,
                           platform, max_retries, progress)
    except BaseException as error:
        # A video's frames are a temporary folder's: kept only where the error names them.
        if folder != out and not (isinstance(error, RenderError) and folder in str(error)):
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _run_shards(program, description, frames, ranges, command, folder, out, address, num_cpus, platform, max_retries,
                progress):
    """render_on_ray's work once the program, range and output are checked."""
    import ray

    first, last = frames
    started_ray = False
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus if address is None else None, include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
        started_ray = True
    try:
        gpus = ray.cluster_resources().get("GPU", 0) > 0
        task = ray.remote(_ray_shard).options(name="strata-shard", num_gpus=1 if gpus else 0, num_cpus=0 if gpus else 1,
                                              max_retries=max_retries, retry_exceptions=False)
        attempts = ray.remote(num_cpus=0)(_Attempts).remote()
        start = time.monotonic()
        video = os.path.splitext(out)[1].lower() if folder != out else None
        pending = {task.remote(number, program, a, b, command, platform, attempts, video): (number, (a, b))
                   for number, (a, b) in enumerate(ranges)}
        segments = {}
        bar = _Progress(len(ranges), last - first + 1, progress)
        written, failure = [], None
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            number, (a, b) = pending.pop(ready[0])
            try:
                shard_frames = ray.get(ready[0])
            except ray.exceptions.RayTaskError as error:
                cause = error.cause if isinstance(getattr(error, "cause", None), Exception) else error
                if failure is None:
                    failure = (number, (a, b), str(cause).strip().splitlines()[-1])
                continue
            except ray.exceptions.RayError as error:  # the retries ran out: the worker died each time
                if failure is None:
                    failure = (number, (a, b), f"Ray could not run it ({type(error).__name__}: {(str(error).strip().splitlines() or [''])[0]})")
                continue
            if video:
                segments[number] = os.path.join(folder, f"segment-{number:05d}{video}")
                with open(segments[number], "wb") as f:
                    f.write(shard_frames["segment"])
                written.extend(range(a, b + 1))
                bar.advance(shard_frames["frames"])
                continue
            for index, data in shard_frames.items():
                with open(os.path.join(folder, f"frame-{index:05d}.png"), "wb") as f:
                    f.write(data)
                written.append(index)
            bar.advance(len(shard_frames))
        bar.finish()
        seconds = time.monotonic() - start
        retries = ray.get(attempts.retries.remote())
    finally:
        if started_ray:
            ray.shutdown()
    written.sort()
    if failure is not None:
        number, (a, b), message = failure
        kept = (f"the other shards' {len(written)} frames are in {folder}" + (" (as video segments)" if folder != out else "")
                if written else "no frame was written")
        raise ShardError(f"shard {number} (frames {a}..{b}) failed: {message}; {kept}", number, (a, b), written)
    if folder != out:
        _join(folder, [segments[number] for number in sorted(segments)], out)
    return {"frames": len(written), "shards": len(ranges), "seconds": seconds,
            "framesPerSecond": len(written) / seconds if seconds > 0 else 0.0, "retries": retries, "out": out}


def _join(folder, segments, out):
    """Joins the shards' video segments, in order, into `out` without encoding again (ffmpeg's concat
    demuxer, streams copied), then removes the folder (kept, and named, when ffmpeg fails)."""
    listing = os.path.join(folder, "segments.txt")
    with open(listing, "w") as f:
        f.writelines(f"file '{segment}'\n" for segment in segments)
    try:
        result = subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0",
                                 "-i", listing, "-c", "copy"] + (["-movflags", "+faststart"] if out.lower().endswith(".mp4") else [])
                                + [out], capture_output=True, text=True)
    except OSError as error:
        raise RenderError(f"ffmpeg could not be run to join {out}: {error.strerror}; the segments are in {folder}")
    if result.returncode != 0:
        lines = result.stderr.strip().splitlines()
        raise RenderError(f"ffmpeg failed joining {out} ({lines[-1] if lines else f'exit {result.returncode}'}); "
                          f"the segments are in {folder}")
    shutil.rmtree(folder, ignore_errors=True)


def _frame_range(text):
    parts = text.split("..")
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or int(parts[0]) > int(parts[1]):
        raise argparse.ArgumentTypeError(f"--frames wants A..B, two whole numbers with 0 <= A <= B (for example 30..59), got {text!r}")
    return int(parts[0]), int(parts[1])


def main(argv=None):
    """`python -m strata.render PROGRAM --out OUT [--frames A..B] [--shard N] [--address ADDR] ...`"""
    parser = argparse.ArgumentParser(prog="python -m strata.render",
                                     description="Render a Strata program's frames in shards on a Ray cluster.")
    parser.add_argument("program", help="an executable whose main runs RenderProgram(...).main()")
    parser.add_argument("--out", required=True, help="a folder for frame-NNNNN.png, or a file ending in .mp4 or .webm")
    parser.add_argument("--frames", type=_frame_range, help="A..B, both included (default: all the program's)")
    parser.add_argument("--shard", type=int, default=30, help="frames per shard (default 30)")
    parser.add_argument("--address", help="a Ray cluster's address (\"auto\": the one running here); default: a local one")
    parser.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (default: all)")
    parser.add_argument("--strata", help="the strata command (default: $STRATA_COMMAND, else strata on PATH)")
    parser.add_argument("--platform", choices=["device", "surfaceless", "gbm"], help="the EGL platform for the program")
    parser.add_argument("--max-retries", type=int, default=3, help="runs of a shard whose worker died (default 3)")
    arguments = parser.parse_args(argv)
    try:
        result = render_on_ray(arguments.program, frames=arguments.frames, shard=arguments.shard, out=arguments.out,
                               strata=arguments.strata, address=arguments.address, platform=arguments.platform,
                               max_retries=arguments.max_retries, num_cpus=arguments.num_cpus)
    except RenderError as error:
        print(f"strata.render: {error}", file=sys.stderr)
        return 1
    print(f"strata.render: {result['frames']} frames in {result['shards']} shards written to {result['out']} in "
          f"{result['seconds']:.2f} s: {result['framesPerSecond']:.1f} frames per second ({result['retries']} retries)")
    return 0


if __name__ == "__main__":
    # Run as strata.render, not as __main__: Ray then sends the tasks' functions by reference to
    # the installed module instead of pickling this script's globals.
    from strata.render import main as _main
    sys.exit(_main())
