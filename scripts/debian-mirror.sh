# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2154 # host_codename: the caller's
# Sourced by scripts/fetch-kernel and scripts/fetch-trixie-root (bash): the host's Debian mirror,
# read from the host's apt sources at run time (no mirror is ever written into the tree). The
# caller sets host_codename (VERSION_CODENAME of /etc/os-release) first.

# host_mirror: prints the host's Debian mirror as two lines, its URI and its Signed-By (a file
# name, or empty: apt's trusted keys), from the first enabled "deb" entry of the host's apt
# sources for the host's release (its codename as the suite, so not -security, -updates or
# -backports, which live elsewhere or carry no kernel of their own); without such an entry, the
# first enabled "deb" entry with a plain suite (no "-") and the main component. Nothing printed:
# none found. One-line sources (sources.list, *.list: "deb [opts] URI SUITE COMPONENT...") and
# deb822 ones (*.sources: Types, URIs, Suites, Components, Enabled, Signed-By) are read; a Signed-By
# that holds a key itself rather than a file name is not carried over.
host_mirror() {
	local f lists=() d822=()
	[ -f /etc/apt/sources.list ] && lists+=(/etc/apt/sources.list)
	for f in /etc/apt/sources.list.d/*.list; do [ -f "$f" ] && lists+=("$f"); done
	for f in /etc/apt/sources.list.d/*.sources; do [ -f "$f" ] && d822+=("$f"); done
	{
		# Each entry as one line: "URI<TAB>SUITE<TAB>COMPONENTS<TAB>SIGNED-BY".
		[ ${#lists[@]} = 0 ] || awk '
			{ sub(/#.*/, "") }
			$1 != "deb" { next }
			{
				i = 2; sb = ""
				if ($2 ~ /^\[/) {
					for (; i <= NF; i++) {
						w = $i; gsub(/[][]/, "", w)
						if (w ~ /^signed-by=/) { sb = substr(w, 11) }
						if ($i ~ /\]$/) { i++; break }
					}
				}
				if (i + 1 > NF) next
				comps = ""
				for (j = i + 2; j <= NF; j++) comps = comps " " $j
				printf "%s\t%s\t%s \t%s\n", $i, $(i + 1), comps, sb
			}' "${lists[@]}"
		[ ${#d822[@]} = 0 ] || awk '
			function flush(   n, u, s, k, l) {
				if (types ~ /(^| )deb( |$)/ && enabled !~ /^(no|false|0)$/) {
					n = split(uris, u, " "); m = split(suites, s, " ")
					for (k = 1; k <= n; k++) for (l = 1; l <= m; l++)
						printf "%s\t%s\t %s \t%s\n", u[k], s[l], comps, sb
				}
				types = uris = suites = comps = sb = enabled = ""; field = ""
			}
			FNR == 1 && NR > 1 { flush() }
			/^[ \t]*#/ { next }
			/^[ \t]*$/ { flush(); next }
			/^[ \t]/ { next }   # a continuation line (an inline key): never a file name
			{
				field = tolower($1); sub(/:$/, "", field)
				v = $0; sub(/^[^:]*:[ \t]*/, "", v)
				if (field == "types") types = v
				else if (field == "uris") uris = v
				else if (field == "suites") suites = v
				else if (field == "components") comps = v
				else if (field == "enabled") enabled = tolower(v)
				else if (field == "signed-by" && v ~ /^\//) sb = v
			}
			END { flush() }' "${d822[@]}"
	} | awk -F'\t' -v cn="$host_codename" '
		$1 ~ /^cdrom:/ { next }
		cn != "" && $2 == cn && !exact { exact = $1 "\n" $4 }
		$2 !~ /-/ && $2 !~ /\// && $3 ~ / main / && !plain { plain = $1 "\n" $4 }
		END { if (exact) print exact; else if (plain) print plain }'
}
