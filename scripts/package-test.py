#!/usr/bin/env python3
"""The Debian package's test: scripts/package-deb.sh builds dist/waterfall_VERSION_ARCH.deb, then Debian's own tools
take it as a user's machine would:

- lintian finds no error (any E: line fails; the warnings and notes are printed);
- dpkg-deb -c lists exactly the expected files, owned by root, with their modes; no list of installed files and no
  desktop cache in it;
- the control file: the program's version, dpkg's architecture, Section graphics, and a Depends that names the
  package of every library the binaries need (readelf's NEEDED, found by ldd and dpkg -S), none of Swift's;
- the binaries need no library of the Swift runtime and have no run path; no file names /opt/swift;
- apt-get installs it (a waterfall package already installed is refused, never replaced), and the installed program
  runs with the Swift toolchain hidden (an empty tmpfs over it in a mount namespace of its own, and off PATH):
  --version; --print-layout lays out two JPEGs and an MP4 at their aspects (the video read by the worker the program
  finds beside itself in /usr/libexec/waterfall); the desktop entry's Exec line opens the lightbox on a photo in a
  private Xvfb; desktop-file-validate passes; `man waterfall` finds the page; the completions are what the program
  generates, and bash loads its own;
- apt-get remove --purge removes every file dpkg -L listed, and leaves the installed packages as they were.

Whatever fails, the package is purged at the end and any package the install pulled in with it too, so the machine
is left as it was found. It needs root (or sudo) for apt-get and the mount namespace, and the tools install-deps.sh
installs; a missing tool fails its check. Usage: python3 scripts/package-test.py
"""
import importlib.util
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "waterfall"
ICON_SIDES = [16, 22, 24, 32, 48, 64, 128, 256, 512]

# The install test's helpers: run, CheckFailed, the private Xvfb and the checks of an installed tree under a prefix.
_spec = importlib.util.spec_from_file_location("install_test", ROOT / "scripts" / "install-test.py")
install_test = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(install_test)
CheckFailed, run = install_test.CheckFailed, install_test.run

AS_ROOT = [] if os.geteuid() == 0 else ["sudo", "-n"]


def program_version():
    source = (ROOT / "Sources/waterfall/WaterfallCommand.swift").read_text()
    versions = re.findall(r'^ *static let version = "([^"]*)"$', source, re.MULTILINE)
    if len(versions) != 1:
        raise CheckFailed(f"expected one version in WaterfallCommand.swift, found {versions}")
    return versions[0]


def toolchain_root():
    """The Swift toolchain's folder (/opt/swift: usr/bin/swift under it), which the installed program must not need."""
    swift = shutil.which("swift") or ("/opt/swift/usr/bin/swift" if os.path.exists("/opt/swift/usr/bin/swift") else None)
    if swift is None:
        raise CheckFailed("no Swift toolchain on PATH or at /opt/swift")
    return pathlib.Path(swift).resolve().parents[2]


def package_status(package=PACKAGE):
    """dpkg's status of a package ("ii " installed, "rc " its configuration left), or None if it is not there."""
    result = run(["dpkg-query", "-W", "-f=${db:Status-Abbrev}", package], check=False)
    status = result.stdout.strip()
    return None if result.returncode != 0 or status in ("", "un", "pn") else status


def installed_packages():
    return set(run(["dpkg-query", "-W", "-f=${binary:Package} ${Version} ${db:Status-Abbrev}\n"]).stdout.splitlines())


def new_packages(apt_output):
    """The packages apt-get listed under "The following NEW packages will be installed:"."""
    match = re.search(r"^The following NEW packages will be installed:\n((?:  .*\n?)+)", apt_output, re.MULTILINE)
    return match.group(1).split() if match else []


def apt_get(*arguments):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return run([*AS_ROOT, "apt-get", "-y", "-q", *arguments], env=env)


class PackageTest:
    def __init__(self, scratch):
        self.scratch = pathlib.Path(scratch)
        self.version = program_version()
        self.arch = run(["dpkg", "--print-architecture"]).stdout.strip()
        self.deb = ROOT / "dist" / f"{PACKAGE}_{self.version}_{self.arch}.deb"
        self.contents = self.scratch / "contents"
        self.installed_here = False
        self.packages_before = None
        self.pulled = []

    # -- the package file

    def build(self):
        if self.deb.exists():
            self.deb.unlink()
        # The same files, compressed by xz -0 rather than -6: 16 s of CPU rather than 120 (40 MB rather than 32).
        env = dict(os.environ, DPKG_DEB_COMPRESSOR_LEVEL=os.environ.get("DPKG_DEB_COMPRESSOR_LEVEL", "0"))
        result = subprocess.run(["bash", str(ROOT / "scripts/package-deb.sh")], cwd=ROOT, capture_output=True,
                                text=True, env=env)
        if result.returncode != 0:
            raise CheckFailed(f"package-deb.sh exited {result.returncode}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
        if not self.deb.is_file():
            raise CheckFailed(f"package-deb.sh wrote no {self.deb.relative_to(ROOT)}:\n{result.stdout[-2000:]}")
        print(result.stdout[result.stdout.find("package-deb.sh: wrote"):], end="")
        run(["dpkg-deb", "-x", str(self.deb), str(self.contents)])

    def check_lintian(self):
        result = run(["lintian", "--display-info", "--tag-display-limit", "0", str(self.deb)], check=False)
        output = (result.stdout + result.stderr).strip()
        for line in output.splitlines():
            print(f"      lintian: {line}")
        errors = [line for line in output.splitlines() if line.startswith("E:")]
        if errors:
            raise CheckFailed(f"lintian finds {len(errors)} errors:\n" + "\n".join(errors))
        if result.returncode != 0:
            raise CheckFailed(f"lintian exited {result.returncode}")

    def expected_contents(self):
        """Path -> (mode, link target or None) of every file and link the package must hold, exactly."""
        files = {
            "usr/libexec/waterfall/waterfall": "-rwxr-xr-x",
            "usr/libexec/waterfall/waterfall-decoder": "-rwxr-xr-x",
            "usr/share/applications/waterfall.desktop": "-rw-r--r--",
            "usr/share/icons/hicolor/scalable/apps/waterfall.svg": "-rw-r--r--",
            "usr/share/man/man1/waterfall.1.gz": "-rw-r--r--",
            "usr/share/bash-completion/completions/waterfall": "-rw-r--r--",
            "usr/share/zsh/vendor-completions/_waterfall": "-rw-r--r--",
            "usr/share/fish/vendor_completions.d/waterfall.fish": "-rw-r--r--",
            "usr/share/doc/waterfall/copyright": "-rw-r--r--",
            "usr/share/doc/waterfall/changelog.gz": "-rw-r--r--",
        }
        files.update({f"usr/share/icons/hicolor/{side}x{side}/apps/waterfall.png": "-rw-r--r--" for side in ICON_SIDES})
        expected = {path: (mode, None) for path, mode in files.items()}
        expected["usr/bin/waterfall"] = ("lrwxrwxrwx", "../libexec/waterfall/waterfall")
        return expected

    def check_contents(self):
        listing = run(["dpkg-deb", "-c", str(self.deb)]).stdout.splitlines()
        found, problems = {}, []
        for line in listing:
            # -rwxr-xr-x root/root   1234 2026-11-28 12:00 ./usr/bin/x[ -> target]
            fields = line.split(None, 5)
            mode, owner, name = fields[0], fields[1], fields[5]
            target = None
            if " -> " in name:
                name, target = name.split(" -> ", 1)
            if owner != "root/root":
                problems.append(f"{name} is owned by {owner}")
            if mode.startswith("d"):
                if mode != "drwxr-xr-x":
                    problems.append(f"{name} is a folder of mode {mode}")
                continue
            found[name.removeprefix("./")] = (mode, target)
        expected = self.expected_contents()
        for path in sorted(set(expected) - set(found)):
            problems.append(f"{path} is missing")
        for path in sorted(set(found) - set(expected)):
            problems.append(f"{path} is not expected (an installed-files list, a cache, a stray file?)")
        for path in sorted(set(found) & set(expected)):
            if found[path] != expected[path]:
                problems.append(f"{path} is {found[path]}, not {expected[path]}")
        if problems:
            raise CheckFailed("the package's contents:\n" + "\n".join(problems))
        print(f"      {len(found)} files, as expected")

    def control(self):
        fields = {}
        for line in run(["dpkg-deb", "-f", str(self.deb)]).stdout.splitlines():
            if line[:1] not in (" ", "\t") and ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value.strip()
        return fields

    def binaries(self):
        return [self.contents / "usr/libexec/waterfall/waterfall", self.contents / "usr/libexec/waterfall/waterfall-decoder"]

    def check_control(self):
        fields = self.control()
        wanted = {"Package": PACKAGE, "Version": self.version, "Architecture": self.arch, "Section": "graphics",
                  "Priority": "optional"}
        wrong = {key: fields.get(key) for key, value in wanted.items() if fields.get(key) != value}
        if wrong:
            raise CheckFailed(f"the control file has {wrong}, not {wanted}")
        for key in ("Maintainer", "Installed-Size", "Description"):
            if not fields.get(key):
                raise CheckFailed(f"the control file has no {key}")
        depends = fields.get("Depends", "")
        named = {re.split(r"[\s(:]", alternative.strip())[0] for clause in depends.split(",")
                 for alternative in clause.split("|") if alternative.strip()}
        if "swift" in depends.lower():
            raise CheckFailed(f"Depends names the Swift toolchain: {depends}")
        # Every library the binaries need comes from a package Depends names (dpkg-shlibdeps, not a list by hand).
        libraries = {}
        for binary in self.binaries():
            libraries.update(library_paths(binary))
        owners = library_packages(libraries.values())
        missing = {library: owners[path] for library, path in libraries.items() if owners[path] not in named}
        if missing:
            raise CheckFailed(f"Depends ({depends}) lacks the packages of {missing}")
        for package in ("libc6", "libx11-6", "libturbojpeg0", "libheif1"):
            if package not in named:
                raise CheckFailed(f"Depends does not name {package}: {depends}")
        print(f"      Depends: {depends}")
        print(f"      Installed-Size: {fields['Installed-Size']} KiB; the .deb {self.deb.stat().st_size / 2**20:.1f} MiB")

    def check_no_toolchain(self):
        for binary in self.binaries():
            dynamic = run(["readelf", "-dW", str(binary)]).stdout
            swift = [name for name in needed_libraries(binary)
                     if re.match(r"lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime)", name)]
            if swift:
                raise CheckFailed(f"{binary.name} needs the Swift runtime's {swift}")
            if re.search(r"\((RPATH|RUNPATH)\)", dynamic):
                raise CheckFailed(f"{binary.name} has a run path:\n{dynamic}")
            if "not stripped" in run(["file", "-b", str(binary)]).stdout:
                raise CheckFailed(f"{binary.name} is not stripped")
        naming = [str(path.relative_to(self.contents)) for path in self.contents.rglob("*")
                  if path.is_file() and not path.is_symlink() and b"/opt/swift" in path.read_bytes()]
        if naming:
            raise CheckFailed(f"files name /opt/swift: {naming}")

    # -- installed

    def install(self):
        status = package_status()
        if status is not None:
            raise CheckFailed(f"a {PACKAGE} package is already installed here (dpkg status '{status.strip()}'): "
                              f"the test would replace it; remove it first (apt-get remove --purge {PACKAGE})")
        self.packages_before = installed_packages()
        self.installed_here = True  # from here on, the cleanup purges it, even if the install fails half way
        try:
            output = apt_get("install", "--no-install-recommends", str(self.deb)).stdout
        except CheckFailed as failure:
            output = str(failure)
            raise
        finally:
            self.pulled = sorted(set(new_packages(output)) - {PACKAGE})
        if self.pulled:
            print(f"      apt-get installed with it: {' '.join(self.pulled)}")
        if package_status() != "ii":
            raise CheckFailed(f"after apt-get install, dpkg's status of {PACKAGE} is {package_status()!r}")
        self.files = [line for line in run(["dpkg", "-L", PACKAGE]).stdout.splitlines() if line.strip()]
        for path in ("/usr/bin/waterfall", "/usr/libexec/waterfall/waterfall-decoder",
                     "/usr/share/applications/waterfall.desktop"):
            if path not in self.files or not os.path.lexists(path):
                raise CheckFailed(f"{path} is not installed (dpkg -L lists {len(self.files)} paths)")

    def check_installed_runs(self):
        """The checks of the installed program, in a mount namespace where the toolchain's folder is an empty tmpfs."""
        toolchain = toolchain_root()
        script = 'mount -t tmpfs -o ro,mode=0755 waterfall-test-hides-swift "$1" && shift && exec "$@"'
        folder = self.scratch / "installed"  # the checks' files, made as root
        argv = [*AS_ROOT, "unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", str(toolchain),
                sys.executable, str(pathlib.Path(__file__).resolve()), "--installed", str(toolchain), str(folder)]
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
        checks = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            output, errors = checks.communicate()
        except BaseException:  # stopped: the checks end their programs and servers on SIGTERM, then the mount goes
            checks.terminate()
            try:
                checks.wait(timeout=install_test.WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                checks.kill()
                checks.wait()
            raise
        finally:
            if AS_ROOT:  # files of root's, which the scratch folder's owner could not remove
                subprocess.run([*AS_ROOT, "rm", "-rf", str(folder)])
        print(output, end="")
        if checks.returncode != 0:
            raise CheckFailed(f"the installed program's checks failed (status {checks.returncode}):\n{errors}")

    def remove(self):
        apt_get("remove", "--purge", PACKAGE)
        self.installed_here = False
        if package_status() is not None:
            raise CheckFailed(f"after apt-get remove --purge, dpkg's status of {PACKAGE} is {package_status()!r}")
        left = []
        for path in self.files:
            if not os.path.lexists(path):
                continue
            if not os.path.isdir(path) or os.path.islink(path):
                left.append(path)
            elif run(["dpkg-query", "-S", path], check=False).returncode != 0 and not any(os.scandir(path)):
                left.append(path + "/ (empty, no package's)")
        if left:
            raise CheckFailed(f"apt-get remove --purge left {left}")
        self.check_packages_as_before()

    def check_packages_as_before(self):
        after = installed_packages()
        if after != self.packages_before:
            raise CheckFailed(f"the installed packages changed: added {sorted(after - self.packages_before)}, "
                              f"removed {sorted(self.packages_before - after)}")

    def cleanup(self):
        """Whatever failed: purges the package if this test installed it, and any package the install pulled in."""
        if self.installed_here and package_status() is not None:
            print(f"      cleanup: apt-get remove --purge {PACKAGE}")
            apt_get("remove", "--purge", PACKAGE)
        pulled = [package for package in self.pulled if package_status(package) is not None]
        if pulled:
            print(f"      cleanup: apt-get remove --purge {' '.join(pulled)} (installed with {PACKAGE})")
            apt_get("remove", "--purge", *pulled)


def needed_libraries(binary):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run(["readelf", "-dW", str(binary)]).stdout)


def library_paths(binary):
    """Each library the binary needs, as the dynamic linker finds it here (ldd: name => path)."""
    printed = run(["ldd", str(binary)]).stdout
    found = dict(re.findall(r"^\s*(\S+) => (/\S+) \(", printed, re.MULTILINE))
    # the dynamic linker itself, by its path alone: /lib64/ld-linux-x86-64.so.2 (0x...)
    found.update({pathlib.Path(path).name: path for path in re.findall(r"^\s*(/\S+) \(", printed, re.MULTILINE)})
    needed = needed_libraries(binary)
    missing = [name for name in needed if name not in found]
    if missing:
        raise CheckFailed(f"the dynamic linker finds no {missing} for {binary.name}")
    return {name: found[name] for name in needed}


def library_packages(paths):
    """The package that holds each library file, e.g. libx11-6 for /lib/x86_64-linux-gnu/libX11.so.6, in one
    dpkg-query (with usrmerge, dpkg knows a file under /lib or /usr/lib, as the link or the file it names)."""
    aliases = {}
    for path in set(paths):
        for candidate in (path, os.path.realpath(path)):
            for alias in (candidate, candidate.removeprefix("/usr") if candidate.startswith("/usr/") else "/usr" + candidate):
                aliases.setdefault(alias, path)
    found = run(["dpkg-query", "-S", *sorted(aliases)], check=False).stdout  # exits 1: some aliases are no file's
    owners = {}
    for line in found.splitlines():
        package, _, file = line.partition(": ")
        if file in aliases and ", " not in package:
            owners.setdefault(aliases[file], package.split(":")[0])
    unknown = sorted(set(paths) - set(owners))
    if unknown:
        raise CheckFailed(f"no package holds {unknown}")
    return owners


# -- the checks of the installed program, run inside the mount namespace that hides the toolchain

class InstalledTest:
    def __init__(self, toolchain, folder):
        self.toolchain = pathlib.Path(toolchain)
        self.scratch = pathlib.Path(folder)
        self.scratch.mkdir()
        self.tree = install_test.InstallTest(self.scratch)  # its HOME and XDG folders, its checks of a prefix
        self.tree.prefix = pathlib.Path("/usr")
        self.env = self.tree.env
        self.env.update(PATH="/usr/bin:/bin", XDG_DATA_DIRS="/usr/share")
        self.env.pop("LD_LIBRARY_PATH", None)

    def check_toolchain_hidden(self):
        if os.path.exists(self.toolchain / "usr/bin/swift") or shutil.which("swift", path=self.env["PATH"]):
            raise CheckFailed(f"the Swift toolchain is still reachable here ({self.toolchain})")
        if any(self.toolchain.iterdir()):
            raise CheckFailed(f"{self.toolchain} is not empty")

    def check_version(self):
        printed = run(["waterfall", "--version"], env=self.env).stdout.strip()
        if printed != program_version():
            raise CheckFailed(f"waterfall --version prints {printed!r}, not {program_version()!r}")

    def check_print_layout(self):
        """Two JPEGs and an MP4 of three aspects in two columns: each card's height less the caption's is its
        picture's at the column's width, the video's read by the decoder worker in /usr/libexec/waterfall."""
        folder = self.scratch / "layout photos"
        folder.mkdir()
        sizes = {"a landscape.jpg": (640, 480), "b portrait.jpg": (300, 600), "c clip.mp4": (320, 80)}
        for name, (width, height) in sizes.items():
            path = str(folder / name)
            if name.endswith(".jpg"):
                run(["convert", "-size", f"{width}x{height}", "xc:#3070B0", path], env=self.env)
            else:
                run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"color=c=blue:s={width}x{height}:d=1", "-c:v",
                     "libx264", "-pix_fmt", "yuv420p", "-y", path], env=self.env)
        result = run(["waterfall", "--print-layout", "--columns", "2", "--width", "800", "--height", "600",
                      str(folder)], env=self.env)
        if result.stderr.strip():
            raise CheckFailed(f"waterfall --print-layout said on stderr: {result.stderr}")
        cards = {}
        for line in result.stdout.splitlines():
            element = json.loads(line)
            if element.get("path"):
                cards[pathlib.Path(element["path"]).name] = element
        if set(cards) != set(sizes):
            raise CheckFailed(f"the layout's cards are {sorted(cards)}, not {sorted(sizes)}:\n{result.stdout}")
        captions = set()
        for name, card in cards.items():
            frame = card.get("frame", card)
            width, height = sizes[name]
            captions.add(round(frame["height"] - frame["width"] * height / width))
        if len(captions) != 1 and max(captions) - min(captions) > 1:
            raise CheckFailed(f"the cards are not at their pictures' aspects (captions of {captions} px):\n"
                              f"{result.stdout}")
        print(f"      --print-layout: {sorted(cards)} at their aspects (the video's through the worker)")

    def check_completions(self):
        installed = {
            "bash": pathlib.Path("/usr/share/bash-completion/completions/waterfall"),
            "zsh": pathlib.Path("/usr/share/zsh/vendor-completions/_waterfall"),
            "fish": pathlib.Path("/usr/share/fish/vendor_completions.d/waterfall.fish"),
        }
        for shell, path in installed.items():
            generated = run(["waterfall", "--generate-completion-script", shell], env=self.env).stdout
            if shell == "bash" and generated.startswith("#!"):
                generated = generated.split("\n", 1)[1]  # the package leaves out its #!/bin/bash: it is sourced
            if path.read_text() != generated:
                raise CheckFailed(f"{path} is not what waterfall --generate-completion-script {shell} prints")
        loaded = run(["bash", "-c", f"source {installed['bash']} && complete -p waterfall"], env=self.env).stdout
        if not loaded.strip().endswith(" waterfall"):
            raise CheckFailed(f"bash, after sourcing {installed['bash']}, prints {loaded!r} for complete -p waterfall")

    def check_man(self):
        env = dict(self.env, LC_ALL="C", MANWIDTH="1000", MANPAGER="cat", PAGER="cat")
        located = run(["man", "-w", "waterfall"], env=env).stdout.strip()
        if located != "/usr/share/man/man1/waterfall.1.gz":
            raise CheckFailed(f"man -w waterfall finds {located!r}")
        text = run(["man", "waterfall"], env=env).stdout
        missing = [option for option in self.tree.help_options() if option not in text]
        if not re.search(r"^NAME\s*\n\s*waterfall\b", text, re.MULTILINE) or missing:
            raise CheckFailed(f"man waterfall lacks a NAME section or options of --help ({missing}):\n{text[:400]}")


def installed_main(toolchain, folder):
    stop_on_signals()
    test = InstalledTest(toolchain, folder)
    checks = [
        ("the Swift toolchain is hidden", test.check_toolchain_hidden),
        ("waterfall --version prints the program's version", test.check_version),
        ("--print-layout lays out JPEGs and an MP4 through the worker", test.check_print_layout),
        ("the desktop entry's Exec line opens the lightbox on a photo", test.tree.check_exec_opens_the_photo),
        ("desktop-file-validate passes on the installed entry", test.tree.check_desktop_entry_validates),
        ("the icons are in the hicolor theme at every size", test.tree.check_icons),
        ("man waterfall shows the page with every option of --help", test.check_man),
        ("the completions are the program's, and bash loads its own", test.check_completions),
    ]
    failed = 0
    for name, function in checks:
        try:
            function()
            print(f"ok      installed: {name}", flush=True)
        except Exception as failure:  # a CheckFailed, or a bug here: a failure all the same
            failed += 1
            print(f"FAIL    installed: {name}: {failure}", flush=True)
            print(f"{name}: {failure}", file=sys.stderr)
    return 1 if failed else 0


class Interrupted(BaseException):
    """A signal, or a failed check that the next ones need: the checks stop, the cleanup runs."""


def stop_on_signals():
    def interrupted(number, frame):
        raise Interrupted(f"signal {number}")

    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupted)


def main():
    stop_on_signals()
    results = []
    with tempfile.TemporaryDirectory(prefix="waterfall-package-test-") as scratch:
        os.chmod(scratch, 0o755)
        test = PackageTest(scratch)

        def check(name, function, needed=True):
            """Runs a check; a failed one that later checks need ends the test (the cleanup still runs)."""
            begun = time.monotonic()
            try:
                function()
                results.append((name, None))
                print(f"ok    {name} ({time.monotonic() - begun:.0f} s)", flush=True)
                return True
            except CheckFailed as failure:
                results.append((name, str(failure)))
            except Exception as error:  # a bug here, or something the check did not expect: a failure all the same
                results.append((name, repr(error)))
            print(f"FAIL  {name}: {results[-1][1]}", flush=True)
            if needed:
                raise Interrupted(name)
            return False

        try:
            check("package-deb.sh builds " + str(test.deb.relative_to(ROOT)), test.build)
            check("lintian finds no error", test.check_lintian, needed=False)
            check("the package holds exactly the expected files, owned by root", test.check_contents, needed=False)
            check("the control file, and Depends from dpkg-shlibdeps", test.check_control, needed=False)
            check("no Swift library needed, no run path, nothing naming /opt/swift", test.check_no_toolchain,
                  needed=False)
            check("apt-get install ./" + str(test.deb.relative_to(ROOT)), test.install)
            check("the installed program runs without the Swift toolchain", test.check_installed_runs, needed=False)
            check("apt-get remove --purge removes every file, the packages as before", test.remove)
        except (Interrupted, KeyboardInterrupt) as stop:
            if not results or results[-1][1] is None:
                results.append(("the test", f"stopped: {stop!r}"))
        finally:
            try:
                test.cleanup()
                if test.packages_before is not None:
                    test.check_packages_as_before()
            except Exception as error:
                results.append(("the cleanup", repr(error)))
                print(f"FAIL  the cleanup: {error}", flush=True)
    failed = [name for name, failure in results if failure]
    print(f"package test: {len(results) - len(failed)} of {len(results)} checks passed" +
          (f"; failed: {'; '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--installed":
        sys.exit(installed_main(sys.argv[2], sys.argv[3]))
    sys.exit(main())
