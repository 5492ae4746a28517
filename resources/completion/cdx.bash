# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for cdx (Codesign Explorer). Installed to
# share/bash-completion/completions/cdx. The commands and each command's flags are read from
# `cdx --help` and `cdx COMMAND --help`, and profile ids from `cdx profiles`, so the completion
# stays true to the installed tool.

_cdx_commands() {
    cdx --help 2>/dev/null | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'
}

# Profile ids of one section of `cdx profiles` ("GPUs (", "stencils:", ...): the shipped ones
# and yours (not the "Yours (FOLDER):" heading, not a broken file).
_cdx_profile_ids() {
    cdx profiles 2>/dev/null | awk -v section="$1" '
        /^[^ ].*:$/ { inside = (index($0, section) == 1); next }
        /^[^ ]/ { inside = 0; next }
        inside && NF && $1 != "Yours" && $2 != "BROKEN," { print $1 }'
}

_cdx() {
    local cur prev words cword
    _init_completion || return
    if [[ $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$(_cdx_commands) --help --version" -- "$cur"))
        return
    fi
    local command=${words[1]}
    case $prev in
        --gpu)
            COMPREPLY=($(compgen -W "$(_cdx_profile_ids 'GPUs (')" -- "$cur"))
            _filedir json # profile files, with directories and names with spaces
            return
            ;;
        --stencil)
            COMPREPLY=($(compgen -W "$(_cdx_profile_ids 'stencils:')" -- "$cur"))
            _filedir json
            return
            ;;
        --kernel)
            COMPREPLY=($(compgen -W "$(_cdx_profile_ids 'MWP-CWP kernels')" -- "$cur"))
            _filedir json
            return
            ;;
        --db | --use | --report | --workload | --program | --coefficients | --out)
            _filedir
            return
            ;;
    esac
    if [[ $cur == -* ]]; then
        local flags
        flags=$(cdx "$command" --help 2>/dev/null | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$flags --help" -- "$cur"))
        return
    fi
    if [[ $command == runs && $cword -eq 2 ]]; then
        COMPREPLY=($(compgen -W "import list stats calibrate" -- "$cur"))
        return
    fi
    if [[ $command == study && $cword -eq 2 ]]; then
        COMPREPLY=($(compgen -W "run check show" -- "$cur"))
        return
    fi
    _filedir
}
complete -F _cdx cdx
