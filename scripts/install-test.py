#!/usr/bin/env python3
"""The install test: scripts/install.sh into temporary prefixes, under a temporary HOME and XDG folders (never the
real ~/.local), then what a desktop does with what it installed:

- desktop-file-validate passes on the installed entry;
- xdg-mime finds it for image/jpeg, from the refreshed MIME cache and after `xdg-mime default`;
- the entry's Exec line, with a photo's path for %F as a launcher substitutes it, opens the lightbox on that photo in
  a private Xvfb (the program's --log-events lines, then a screenshot's centre has the photo's colour);
- man -l renders the page with every option of --help; bash loads the completion and completes an option;
- the icons are in the hicolor theme at their sizes;
- the decoder worker is installed beside the program and answers a header request for a video made by ffmpeg (the
  protocol's bytes, as docs/architecture.md gives them), then exits at the end of its input;
- --uninstall leaves a prefix that held another program exactly as it was, and removes a prefix it made;
- --destdir stages the same files for a package (scripts/package-deb.sh) under DESTDIR/PREFIX, without the list of
  installed files or a cache, and --bin-path takes programs already built;
- bad options and an unwritable prefix are refused, naming the problem.

It needs a debug build of the program (scripts/test.sh has made it) and the tools install-deps.sh installs; a
missing tool fails its check. Usage: python3 scripts/install-test.py
"""
import hashlib
import json
import os
import pathlib
import pwd
import re
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
INSTALL = ROOT / "scripts" / "install.sh"
ICON_SIDES = [16, 22, 24, 32, 48, 64, 128, 256, 512]
WAIT_SECONDS = 60  # a bound on a hang, as the photo tests' waits: the outcome never depends on it
PHOTO_COLOUR = "3070B0"  # survives a JPEG at quality 100 without chroma subsampling exactly


class CheckFailed(Exception):
    pass


def run(argv, env=None, check=True, **kwargs):
    """Runs argv and returns the CompletedProcess (text); a missing program or (with check) a failure is a
    CheckFailed quoting what it printed."""
    if shutil.which(argv[0], path=(env or os.environ).get("PATH")) is None and not os.path.isabs(argv[0]):
        raise CheckFailed(f"{argv[0]} is not installed (scripts/install-deps.sh installs it)")
    try:
        result = subprocess.run(argv, env=env, capture_output=True, text=True, **kwargs)
    except OSError as error:
        raise CheckFailed(f"cannot run {argv[0]}: {error}")
    if check and result.returncode != 0:
        raise CheckFailed(f"{' '.join(map(str, argv))} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def listing(folder):
    """Every path under folder with its kind, mode and (for a file) content digest; None when it does not exist."""
    folder = pathlib.Path(folder)
    if not folder.exists():
        return None
    entries = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(info.st_mode) else ""
        entries[str(path.relative_to(folder))] = (stat.filemode(info.st_mode), digest)
    return entries


def describe_difference(before, after):
    if before is None or after is None:
        return f"before: {'absent' if before is None else 'present'}, after: {'absent' if after is None else 'present'}"
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(path for path in set(before) & set(after) if before[path] != after[path])
    return f"added {added}, removed {removed}, changed {changed}"


def desktop_entry(path):
    """The [Desktop Entry] group's keys of a desktop file."""
    keys, group = {}, None
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("["):
            group = line.strip()
        elif group == "[Desktop Entry]" and "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            keys[key.strip()] = value
    return keys


def launcher_argv(exec_line, files):
    """Exec's words with %F (or %f, %U, %u) replaced by files as a launcher replaces them (the Desktop Entry spec's
    field codes; quoting is not needed by an entry without quotes, and one with them is refused)."""
    if '"' in exec_line or "\\" in exec_line:
        raise CheckFailed(f"Exec={exec_line}: quoted arguments are not expected in this entry")
    argv, expanded = [], False
    for word in exec_line.split():
        if word in ("%F", "%U"):
            argv += files
            expanded = True
        elif word in ("%f", "%u"):
            argv.append(files[0])
            expanded = True
        elif word == "%%":
            argv.append("%")
        elif word.startswith("%"):
            continue  # %i, %c, %k: the icon, name and entry path, which this test does not pass
        else:
            argv.append(word)
    if not expanded:
        raise CheckFailed(f"Exec={exec_line} has no %F, %f, %U or %u: a file manager could not pass it a photo")
    return argv


class InstallTest:
    def __init__(self, scratch):
        self.scratch = pathlib.Path(scratch)
        os.chmod(self.scratch, 0o755)  # the unwritable-prefix check runs as another user, who must get through it
        self.prefix = self.scratch / "prefix"
        self.home = self.scratch / "home"
        self.home.mkdir()
        self.env = {
            "PATH": f"{self.prefix / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.scratch / "config"),
            "XDG_CONFIG_DIRS": str(self.scratch / "config-dirs"),
            "XDG_DATA_HOME": str(self.scratch / "data-home"),
            "XDG_DATA_DIRS": str(self.prefix / "share"),
            "XDG_CACHE_HOME": str(self.scratch / "cache"),
            "XDG_RUNTIME_DIR": str(self.scratch / "runtime"),
            "LANG": "C.UTF-8",
        }
        for name in ("XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"):
            pathlib.Path(self.env[name]).mkdir(mode=0o700)

    def install(self, *arguments, env=None, check=True):
        return run(["bash", str(INSTALL), "--configuration", "debug", *arguments], env=env or self.env, check=check)

    # -- another program already in the prefix: the install and the uninstall must leave it as it is

    def seed_prefix(self):
        (self.prefix / "bin").mkdir(parents=True)
        other = self.prefix / "bin" / "other-viewer"
        other.write_text("#!/bin/sh\nexit 0\n")
        other.chmod(0o755)
        applications = self.prefix / "share" / "applications"
        applications.mkdir(parents=True)
        (applications / "other-viewer.desktop").write_text(
            "[Desktop Entry]\nType=Application\nName=Other Viewer\nExec=other-viewer %f\nMimeType=image/png;\n")
        run(["update-desktop-database", "-q", str(applications)], env=self.env)
        (self.prefix / "share" / "man" / "man1").mkdir(parents=True)
        (self.prefix / "share" / "man" / "man1" / "other-viewer.1").write_text(".TH OTHER-VIEWER 1\n")

    # -- the checks

    def check_desktop_entry_validates(self):
        result = run(["desktop-file-validate", str(self.prefix / "share/applications/waterfall.desktop")], env=self.env,
                     check=False)
        if result.returncode != 0 or result.stdout.strip() or result.stderr.strip():
            raise CheckFailed(f"desktop-file-validate exited {result.returncode}: {result.stdout}{result.stderr}")

    def check_xdg_mime_default(self):
        query = ["xdg-mime", "query", "default", "image/jpeg"]
        offered = run(query, env=self.env).stdout.strip()
        if offered != "waterfall.desktop":  # from mimeinfo.cache, which the install refreshed
            raise CheckFailed(f"before xdg-mime default, the refreshed MIME cache offers {offered!r} for image/jpeg")
        folders = run(["xdg-mime", "query", "default", "inode/directory"], env=self.env).stdout.strip()
        if folders != "waterfall.desktop":
            raise CheckFailed(f"the refreshed MIME cache offers {folders!r} for inode/directory")
        run(["xdg-mime", "default", "waterfall.desktop", "image/jpeg"], env=self.env)
        chosen = run(query, env=self.env).stdout.strip()
        if chosen != "waterfall.desktop":
            raise CheckFailed(f"after xdg-mime default waterfall.desktop image/jpeg, the query prints {chosen!r}")
        mimeapps = pathlib.Path(self.env["XDG_CONFIG_HOME"]) / "mimeapps.list"
        if "image/jpeg=waterfall.desktop" not in mimeapps.read_text():
            raise CheckFailed(f"{mimeapps} does not name waterfall.desktop for image/jpeg")

    def check_man_page(self):
        page = self.prefix / "share/man/man1/waterfall.1"
        env = dict(self.env, LC_ALL="C", MANWIDTH="1000", MANPAGER="cat", PAGER="cat")
        text = run(["man", "-l", str(page)], env=env).stdout
        if not re.search(r"^NAME\s*\n\s*waterfall\b", text, re.MULTILINE):
            raise CheckFailed(f"man -l shows no NAME section naming waterfall:\n{text[:400]}")
        options = self.help_options()
        missing = [option for option in options if option not in text]
        if missing:
            raise CheckFailed(f"the man page lacks options that --help lists: {missing}")

    def help_options(self):
        """The long options waterfall --help lists, in its order."""
        help_text = run([str(self.prefix / "bin/waterfall"), "--help"], env=self.env).stdout
        options = list(dict.fromkeys(re.findall(r"(?<![\w-])--[a-z0-9][a-z0-9-]*", help_text)))
        if "--help" not in options or len(options) < 3:
            raise CheckFailed(f"waterfall --help lists too few options: {options}")
        return options

    def check_completions(self):
        binary = str(self.prefix / "bin/waterfall")
        installed = {
            "bash": self.prefix / "share/bash-completion/completions/waterfall",
            "zsh": self.prefix / "share/zsh/site-functions/_waterfall",
            "fish": self.prefix / "share/fish/vendor_completions.d/waterfall.fish",
        }
        for shell, path in installed.items():
            generated = run([binary, "--generate-completion-script", shell], env=self.env).stdout
            if not path.is_file() or path.read_text() != generated:
                raise CheckFailed(f"{path} is not what waterfall --generate-completion-script {shell} prints")
        loaded = run(["bash", "-c", 'source "$1" && complete -p waterfall', "bash", str(installed["bash"])],
                     env=self.env).stdout.strip()
        if not loaded.startswith("complete ") or not loaded.endswith(" waterfall"):
            raise CheckFailed(f"after sourcing the completion, complete -p waterfall prints {loaded!r}")
        option = next(option for option in self.help_options() if option not in ("--help", "--version"))
        typed = option[:5]
        script = ('source "$1"; COMP_WORDS=(waterfall "$2"); COMP_CWORD=1; COMP_LINE="waterfall $2"; '
                  'COMP_POINT=${#COMP_LINE}; func=$(complete -p waterfall | sed -E "s/.* -F ([^ ]+) .*/\\1/"); '
                  '"$func" waterfall "$2" waterfall; printf "%s\\n" "${COMPREPLY[@]}"')
        offered = run(["bash", "-c", script, "bash", str(installed["bash"]), typed], env=self.env).stdout.split()
        if option not in offered:
            raise CheckFailed(f"bash completes {typed!r} to {offered}, without {option}")

    def check_icons(self):
        theme = self.prefix / "share/icons/hicolor"
        for side in ICON_SIDES:
            png = theme / f"{side}x{side}/apps/waterfall.png"
            if not png.is_file():
                raise CheckFailed(f"{png} is missing")
            header = png.read_bytes()[:24]
            if header[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", header[16:24]) != (side, side):
                raise CheckFailed(f"{png} is not a {side} x {side} PNG")
        svg = theme / "scalable/apps/waterfall.svg"
        if not svg.is_file() or svg.read_bytes() != (ROOT / "Resources/waterfall.svg").read_bytes():
            raise CheckFailed(f"{svg} is not Resources/waterfall.svg")

    def check_decoder_worker_answers(self):
        worker = self.prefix / "bin/waterfall-decoder"
        if not (worker.is_file() and os.access(worker, os.X_OK)):
            raise CheckFailed(f"{worker} is not installed as an executable")
        video = self.scratch / "clip.mp4"
        run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=blue:s=64x48:d=2", "-c:v", "libx264", "-pix_fmt",
             "yuv420p", "-y", str(video)], env=self.env)
        path = bytes(video)
        body = bytes([1, 1]) + struct.pack("<I", len(path)) + path  # version 1, "header of PATH"
        result = subprocess.run([str(worker)], input=struct.pack("<I", len(body)) + body, capture_output=True,
                                env=self.env, timeout=WAIT_SECONDS)
        if result.returncode != 0 or result.stderr:
            raise CheckFailed(f"the worker exited {result.returncode} at the end of its input, stderr {result.stderr!r}")
        answer = result.stdout
        (length,) = struct.unpack_from("<I", answer)
        if length != len(answer) - 4 or answer[4:6] != bytes([1, 1]):
            raise CheckFailed(f"the worker's answer is no header: {answer[:16].hex()}")
        (name_length,) = struct.unpack_from("<I", answer, 6)
        name = answer[10:10 + name_length].decode()
        width, height = struct.unpack_from("<II", answer, 10 + name_length)
        if (name, width, height) != ("video", 64, 48):
            raise CheckFailed(f"the worker read a {name} of {width} × {height}, not a video of 64 × 48")

    def check_exec_opens_the_photo(self):
        photos = self.scratch / "photos"
        photos.mkdir()
        photo = photos / "sea view.jpg"  # a space: the launcher passes the path as one argument
        run(["convert", "-size", "640x480", f"xc:#{PHOTO_COLOUR}", "-quality", "100", "-sampling-factor", "1x1",
             str(photo)], env=self.env)
        run(["convert", "-size", "640x480", "xc:#D02010", str(photos / "a neighbour.png")], env=self.env)
        decoded = run(["convert", str(photo), "-format", "%[hex:p{320,240}]", "info:"], env=self.env).stdout.strip()
        if decoded.upper() != PHOTO_COLOUR:
            raise CheckFailed(f"the test photo decodes to #{decoded}, not #{PHOTO_COLOUR}")
        entry = desktop_entry(self.prefix / "share/applications/waterfall.desktop")
        argv = launcher_argv(entry["Exec"], [str(photo)]) + ["--log-events"]
        with XvfbServer(self.env) as display:
            env = dict(self.env, DISPLAY=display)
            log_path = self.scratch / "waterfall-events.log"
            errors_path = self.scratch / "waterfall-stderr.log"
            with open(log_path, "wb") as log, open(errors_path, "wb") as errors:
                program = subprocess.Popen(argv, env=env, stdout=log, stderr=errors, stdin=subprocess.DEVNULL,
                                           cwd=self.home)
            try:
                follower = EventLog(log_path, program, errors_path)
                opened = follower.wait("the lightbox opening on the photo", lambda event: event.get("event") == "lightbox"
                                       and event.get("action") == "open" and event.get("path") == str(photo))
                follower.wait("the photo drawn in the lightbox", lambda event: event.get("event") == "lightbox"
                              and event.get("action") == "picture" and event.get("index") == opened.get("index"))
                windows = run(["xdotool", "search", "--onlyvisible", "--class", f"^{re.escape(entry['StartupWMClass'])}$"],
                              env=env).stdout.split()
                if len(windows) != 1:
                    raise CheckFailed(f"{len(windows)} windows have the class StartupWMClass names "
                                      f"({entry['StartupWMClass']}): {windows}")
                shot = self.scratch / "window.xwd"
                run(["xwd", "-silent", "-id", windows[0], "-out", str(shot)], env=env)
                centre = run(["convert", f"xwd:{shot}", "-gravity", "center", "-crop", "1x1+0+0", "+repage", "-format",
                              "%[hex:p{0,0}]", "info:"], env=env).stdout.strip()
                if centre.upper() != PHOTO_COLOUR:
                    raise CheckFailed(f"the window's centre is #{centre}, not the photo's #{PHOTO_COLOUR}")
            finally:
                program.terminate()
                try:
                    program.wait(timeout=WAIT_SECONDS)
                except subprocess.TimeoutExpired:
                    program.kill()
                    program.wait()

    def check_refuses_bad_options(self):
        for arguments, expected in ((["--bogus"], "unknown option '--bogus'"), (["--prefix"], "--prefix needs a value"),
                                    (["--configuration", "fast"], "--configuration is release or debug, not 'fast'")):
            result = run(["bash", str(INSTALL), *arguments], env=self.env, check=False)
            if result.returncode != 2 or expected not in result.stderr:
                raise CheckFailed(f"install.sh {' '.join(arguments)} exited {result.returncode} saying {result.stderr!r}, "
                                  f"not 2 with {expected!r}")
        empty = self.scratch / "empty-prefix"
        result = run(["bash", str(INSTALL), "--uninstall", "--prefix", str(empty)], env=self.env, check=False)
        if result.returncode != 1 or f"nothing to uninstall under {empty}" not in result.stderr:
            raise CheckFailed(f"--uninstall of an empty prefix exited {result.returncode} saying {result.stderr!r}")

    def check_refuses_an_unwritable_prefix(self):
        locked = self.scratch / "locked"
        locked.mkdir(mode=0o555)
        target = locked / "prefix"
        argv = ["bash", str(INSTALL), "--prefix", str(target)]
        if os.geteuid() == 0:  # root writes anywhere: the refusal is for someone else
            argv = ["runuser", "-u", "nobody", "--", *argv]
        result = run(argv, env=self.env, check=False)
        user = "nobody" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        expected = f"cannot install under {target}: {locked} is not writable by {user}"
        if result.returncode != 1 or expected not in result.stderr or target.exists():
            raise CheckFailed(f"an unwritable prefix: exit {result.returncode}, {result.stderr!r}; expected {expected!r}")

    def check_uninstall_restores(self, before):
        self.install("--prefix", str(self.prefix), "--uninstall")
        after = listing(self.prefix)
        if after != before:
            raise CheckFailed(f"after --uninstall the prefix differs: {describe_difference(before, after)}")

    def check_uninstall_removes_a_prefix_it_made(self):
        fresh = self.scratch / "new" / "prefix"  # neither exists: the install makes both
        self.install("--prefix", str(fresh))
        if not (fresh / "bin/waterfall").is_file():
            raise CheckFailed(f"nothing installed in {fresh}")
        self.install("--prefix", str(fresh), "--uninstall")
        if fresh.parent.exists():
            raise CheckFailed(f"{fresh.parent} and {fresh}, made by the install, are left with "
                              f"{sorted(listing(fresh.parent))}")


    def check_destdir_stages_a_tree(self):
        """--prefix /usr --destdir STAGE --bin-path BIN: the installed files, under STAGE/usr, and nothing else."""
        stage = self.scratch / "stage"
        bin_path = run(["bash", "-c", "source scripts/env.sh && swift build -c debug --show-bin-path"], cwd=ROOT,
                       env=dict(os.environ)).stdout.strip()
        self.install("--prefix", "/usr", "--destdir", str(stage), "--bin-path", bin_path)
        staged = sorted(str(path.relative_to(stage)) for path in stage.rglob("*") if not path.is_dir())
        installed = sorted("usr/" + line.split(" ", 1)[1] for line in
                           (self.prefix / "share/waterfall/installed-files").read_text().splitlines()
                           if line.startswith("file ") and not line.endswith(("installed-files", ".cache")))
        if staged != installed:
            raise CheckFailed(f"--destdir staged {staged}, the install put {installed}")
        if (stage / "usr/bin/waterfall").read_bytes() != (pathlib.Path(bin_path) / "waterfall").read_bytes():
            raise CheckFailed(f"the staged program is not the one in --bin-path {bin_path}")
        result = self.install("--destdir", str(stage), "--uninstall", check=False)
        if result.returncode != 2 or "nothing to --uninstall" not in result.stderr:
            raise CheckFailed(f"--destdir with --uninstall exited {result.returncode} saying {result.stderr!r}")


class XvfbServer:
    """A private Xvfb on the first free display, ready when it writes its number (-displayfd)."""

    def __init__(self, env):
        self.env = env

    def __enter__(self):
        if shutil.which("Xvfb") is None:
            raise CheckFailed("Xvfb is not installed (scripts/install-deps.sh installs it)")
        read_end, write_end = os.pipe()
        self.server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24",
                                        "-nolisten", "tcp", "-noreset"], pass_fds=[write_end], env=self.env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()
        if not number:
            self.server.kill()
            raise CheckFailed("Xvfb did not start")
        return f":{number}"

    def __exit__(self, *exception):
        self.server.terminate()
        self.server.wait()


class EventLog:
    """The program's --log-events lines, read as they come."""

    def __init__(self, path, program, errors_path):
        self.path, self.program, self.errors_path = path, program, errors_path
        self.position = 0

    def wait(self, what, matches):
        """The first event after the last one found that matches; a CheckFailed if the program exits first or none
        comes within WAIT_SECONDS."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            lines = self.path.read_bytes().split(b"\n")[:-1]  # complete lines only
            for index in range(self.position, len(lines)):
                try:
                    event = json.loads(lines[index])
                except ValueError:
                    continue
                if matches(event):
                    self.position = index + 1
                    return event
            if self.program.poll() is not None:
                raise CheckFailed(f"waterfall exited {self.program.returncode} before {what}; stderr: "
                                  f"{self.errors_path.read_text(errors='replace')[-2000:]}")
            if time.monotonic() > deadline:
                raise CheckFailed(f"no event for {what} within {WAIT_SECONDS} s; last lines: "
                                  f"{[line.decode(errors='replace') for line in lines[-5:]]}")
            time.sleep(0.05)  # a poll interval: the outcome waits on the log, not on this


def main():
    results = []

    def check(name, function, *arguments):
        try:
            function(*arguments)
            results.append((name, None))
            print(f"ok    {name}", flush=True)
        except CheckFailed as failure:
            results.append((name, str(failure)))
            print(f"FAIL  {name}: {failure}", flush=True)
        except Exception as error:  # a bug here, or something the check did not expect: a failure all the same
            results.append((name, repr(error)))
            print(f"FAIL  {name}: {error!r}", flush=True)

    with tempfile.TemporaryDirectory(prefix="waterfall-install-test-") as scratch:
        test = InstallTest(scratch)
        test.seed_prefix()
        before = listing(test.prefix)
        try:
            print(test.install("--prefix", str(test.prefix)).stdout, end="", flush=True)
        except CheckFailed as failure:
            print(f"FAIL  install.sh --prefix {test.prefix}: {failure}")
            return 1
        check("desktop-file-validate passes on the installed entry", test.check_desktop_entry_validates)
        check("xdg-mime finds waterfall.desktop for image/jpeg", test.check_xdg_mime_default)
        check("man -l renders the page with every option of --help", test.check_man_page)
        check("bash loads the completion and completes an option", test.check_completions)
        check("the icon is in the hicolor theme at every size", test.check_icons)
        check("the decoder worker beside the program answers a video's header", test.check_decoder_worker_answers)
        check("the entry's Exec line opens the lightbox on the photo", test.check_exec_opens_the_photo)
        check("--destdir stages the same files for a package", test.check_destdir_stages_a_tree)
        check("--uninstall leaves the prefix exactly as it was", test.check_uninstall_restores, before)
        check("--uninstall removes a prefix the install made", test.check_uninstall_removes_a_prefix_it_made)
        check("bad options are refused, naming them", test.check_refuses_bad_options)
        check("an unwritable prefix is refused, naming it", test.check_refuses_an_unwritable_prefix)
    failed = [name for name, failure in results if failure]
    print(f"install test: {len(results) - len(failed)} of {len(results)} checks passed" +
          (f"; failed: {'; '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
