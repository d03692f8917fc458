"""The command lines of the tools: each module's main(argv) parses its arguments, calls the
package and prints. scripts/*.py and the installed lifeline-* commands both call these."""
