#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages as a packager does (dpkg-buildpackage -b -us -uc, in a copy of the
# tree so the checkout gets no debian/ build files), then checks what they hold and runs lintian,
# which fails the test on any error or warning that debian/*.lintian-overrides does not explain.
# Usage: debs.sh SRC WORK VERSION (VERSION: CMake's project(VERSION))
set -uo pipefail
src=$1 work=$2 version=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
for t in dpkg-buildpackage dh lintian dpkg-deb; do
	command -v "$t" >/dev/null || { echo "skipped: $t not found (scripts/deps installs debhelper, lintian, dpkg-dev)"; exit 77; }
done

rm -rf "$work" && mkdir -p "$work/earlymount" || fail "cannot make $work"
# the tree as it is (uncommitted changes too), without builds, caches and git's files
tar -C "$src" --exclude=./build --exclude='./build-*' --exclude=./.cache --exclude=./.git \
	--exclude=./Testing -cf - . | tar -x -C "$work/earlymount" || fail "cannot copy $src"
(cd "$work/earlymount" && dpkg-buildpackage -b -us -uc) >"$work/build.log" 2>&1 ||
	{ tail -40 "$work/build.log"; fail "dpkg-buildpackage -b -us -uc failed (log: $work/build.log)"; }

# the version: debian/changelog (native: no revision) = project(VERSION) = earlymount --version
deb_version=$(cd "$src" && dpkg-parsechangelog -S Version) || fail "debian/changelog cannot be parsed"
[ "$deb_version" = "$version" ] || fail "debian/changelog says $deb_version, CMakeLists.txt's project(VERSION) $version"
arch=$(dpkg --print-architecture)
main=$work/earlymount_${version}_$arch.deb gen=$work/earlymount-initramfs_${version}_all.deb
dbg=$work/earlymount-dbgsym_${version}_$arch.deb
for d in "$main" "$gen" "$dbg"; do [ -f "$d" ] || fail "$d was not built (ls: $(ls "$work"))"; done
rm -rf "$work/x" && dpkg-deb -x "$main" "$work/x" || fail "cannot unpack $main"
got=$("$work/x/usr/sbin/earlymount" --version) || fail "the packaged earlymount does not run"
[ "$got" = "earlymount $version" ] || fail "earlymount --version says '$got', expected 'earlymount $version'"

field() { dpkg-deb -f "$1" "$2"; }
# Built-Using names the musl whose libc.a is in the binaries (Debian Policy 7.8)
musl=$(dpkg-query -W -f='${source:Version}' "musl-dev:$arch") || fail "musl-dev:$arch is not installed"
[ "$(field "$main" Built-Using)" = "musl (= $musl)" ] || fail "Built-Using: '$(field "$main" Built-Using)', expected 'musl (= $musl)'"
# the generator package takes the place of initramfs-tools and every other generator
[ "$(field "$gen" Provides)" = linux-initramfs-tool ] || fail "earlymount-initramfs Provides: '$(field "$gen" Provides)'"
[ "$(field "$gen" Conflicts)" = linux-initramfs-tool ] || fail "earlymount-initramfs Conflicts: '$(field "$gen" Conflicts)'"
field "$gen" Replaces | grep -qw initramfs-tools || fail "earlymount-initramfs does not replace initramfs-tools"
[ -z "$(field "$main" Provides)$(field "$main" Conflicts)" ] || fail "earlymount must co-install with any generator: it provides or conflicts"
dpkg-deb --ctrl-tarfile "$gen" | tar -xO ./triggers | grep -qx 'interest-noawait update-initramfs' ||
	fail "earlymount-initramfs is not interested in the update-initramfs trigger"
dpkg-deb --ctrl-tarfile "$main" | tar -xO ./triggers | grep -qx 'activate-noawait update-initramfs' ||
	fail "earlymount does not activate update-initramfs (an upgrade would keep the old /init in the images)"
# the files: the generator's hooks in its package only, the inert ones and the rest in earlymount
list() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' | sort; }
want_gen="/etc/kernel/postinst.d/earlymount
/etc/kernel/postrm.d/earlymount
/usr/sbin/update-earlymount
/usr/share/doc/earlymount-initramfs/changelog.gz
/usr/share/doc/earlymount-initramfs/copyright
/usr/share/man/man8/update-earlymount.8.gz"
[ "$(list "$gen")" = "$want_gen" ] || fail "earlymount-initramfs holds:
$(list "$gen")"
for f in /etc/kernel/postinst.d/zz-earlymount /etc/kernel/postrm.d/zz-earlymount /etc/earlymount/earlymount.conf \
	/usr/sbin/earlymount /usr/lib/earlymount/earlymount-init /usr/sbin/earlymount-mkinitramfs \
	/usr/lib/dracut/modules.d/50earlymount/module-setup.sh /usr/lib/kernel/install.d/50-earlymount.install; do
	list "$main" | grep -qxF "$f" || fail "earlymount lacks $f"
done
# the -dbgsym package has the debug information of both binaries, filed by their build IDs
for b in sbin/earlymount lib/earlymount/earlymount-init; do
	id=$(readelf -n "$work/x/usr/$b" | sed -n 's/.*Build ID: //p')
	[ -n "$id" ] || fail "/usr/$b has no build ID"
	list "$dbg" | grep -qx "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" || fail "earlymount-dbgsym lacks the debug file of $b ($id)"
done

# lintian: errors and warnings fail; the overridden tags (debian/*.lintian-overrides) do not show
changes=$work/earlymount_${version}_$arch.changes
lintian --pedantic --display-info "$changes" >"$work/lintian.log" 2>&1
bad=$(grep -E '^[EW]: ' "$work/lintian.log")
[ -z "$bad" ] || fail "lintian:
$bad"
echo "lintian: $(grep -cE '^[IP]: ' "$work/lintian.log") info/pedantic tags, no error or warning"
echo "PASS: debs ($(basename "$main"), $(basename "$gen"), $(basename "$dbg"))"
