# jitc — builds everything into $(BUILD): libjitc.a, libjitc.so, the jitc CLI, the tests.
#
#   make demo        install what is missing, build, run the showcase (the README's first command)
#   make check       install what is missing (the Debian packages; NumPy and Numba into build/venv),
#                    then make test
#   make pyenv       build/venv with NumPy, Numba and SciPy (Numba's np.linalg needs it) from PyPI, the tests' Python (PYTHON=... overrides)
#   make             library + CLI
#   make test        every test, in parallel parts (TEST_JOBS, the cores): unit, golden, conformance, PTX,
#                    GPU and host corpus, AOT, cache, surface, samples, MPI, differential and docs tests;
#                    unit, golden, conformance, samples and docs again built with AddressSanitizer +
#                    UndefinedBehaviorSanitizer (build-san/), TSan, and a short fuzzing run; a table of
#                    each part's seconds at the end
#   make samples     the showcase table, the quickstart, the multi-GPU sample and the CLI transcript
#   make mpi         the MPI sample (samples/heat_mpi) with 1, 2 and 4 ranks, fields compared bit for bit
#   make install     PREFIX=...: the CLI, libjitc, libjitcrt, headers, jitc.pc, jitc(1), the CMake package
#   make bench       benchmarks, as ratios against baselines measured in the same run
#   make fuzz        libFuzzer harnesses (SAN=fuzz, clang, into build-fuzz/) FUZZ_SECONDS each, and
#                    differential fuzzing against Numba over FUZZ_PROGRAMS random programs
LLVM_CONFIG ?= llvm-config-19
RE2C        ?= re2c
CC          ?= cc

SAN ?= 0
ifeq ($(SAN),1)
BUILD    ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT      := -O1
else ifeq ($(SAN),thread)
BUILD    ?= build-tsan
SANFLAGS := -fsanitize=thread -fno-omit-frame-pointer
OPT      := -O1
else ifeq ($(SAN),fuzz)
# libFuzzer's coverage over the whole library, with ASan and UBSan (tests/fuzz/, make fuzz)
BUILD    ?= build-fuzz
CC       := clang
SANFLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT      := -O1
LDFLAGS  += -fopenmp # clang's OpenMP is LLVM's libomp (libomp-dev)
else
BUILD    ?= $(if $(filter 1,$(STATIC_LLVM)),build-gpu,build)
SANFLAGS :=
OPT      := -O2
endif

# Evaluated lazily, so `make demo`/`make check` can install LLVM before anything needs it.
# STATIC_LLVM=1 links LLVM's static libraries (into build-gpu/): a jitc that runs on machines
# without LLVM, such as the GPU machine (tests/gpu/bundle.sh); --exclude-libs keeps their
# symbols out of libjitc.so's exports.
LLVM_INC  = $(shell $(LLVM_CONFIG) --includedir)
ifeq ($(STATIC_LLVM),1)
LLVM_COMPONENTS := core orcjit native nvptx passes bitreader linker
LLVM_LIBS = -L$(shell $(LLVM_CONFIG) --libdir) $(shell $(LLVM_CONFIG) --link-static --libs $(LLVM_COMPONENTS)) \
            -l:libz.so.1 -l:libzstd.so.1 -lstdc++ -Wl,--exclude-libs,ALL
else
LLVM_LIBS = -L$(shell $(LLVM_CONFIG) --libdir) -Wl,-rpath,$(shell $(LLVM_CONFIG) --libdir) -lLLVM-19
endif
# OpenBLAS, for BLAS and LAPACK through CBLAS and LAPACKE (libopenblas-dev, liblapacke-dev):
# np.dot, @ and np.linalg (runtime/linalg.c). STATIC_LLVM=1 links them statically into libjitc.so
# too: the GPU machine may lack them (tests/gpu/bundle.sh ships libgfortran beside it).
ifeq ($(STATIC_LLVM),1)
BLAS_LIBS ?= -Wl,-Bstatic -llapacke -lopenblas -Wl,-Bdynamic -lgfortran
else
BLAS_LIBS ?= -llapacke -lopenblas
endif
# libxxhash (libxxhash-dev): XXH3-128, the cache's keys and digests (driver/cache.c, diskcache.c);
# linked statically with STATIC_LLVM=1, as the GPU machine may lack it.
ifeq ($(STATIC_LLVM),1)
HASH_LIBS ?= -Wl,-Bstatic -lxxhash -Wl,-Bdynamic
else
HASH_LIBS ?= -lxxhash
endif
CFLAGS   += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -fPIC -fvisibility=hidden $(SANFLAGS) \
            -I. -Iinclude -I$(BUILD)/gen -isystem $(LLVM_INC)
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(LLVM_LIBS) $(BLAS_LIBS) $(HASH_LIBS) -lgomp -lm -ldl -lpthread

# Each folder is one layer, and the source lists follow them:
#   libjitc    = frontend/ + ir/ + builder/ + the libraries it implements + codegen/ + runtime/ + driver/
#                (the compiler, include/jitc.h); the libraries are cpython/ (Python's builtins and
#                containers), np/ (NumPy), math/ (math and cmath) and cuda/ (numba.cuda), each
#                holding its C builders and its krn text side by side
#   libjitcrt  = runtime/ alone     (what compiled code and `jitc build` objects link; no LLVM)
#   jitc (CLI) = cli/ + libjitc
FRONTEND_SRCS := $(wildcard frontend/*.c)
IR_SRCS       := $(wildcard ir/*.c)
BUILDER_SRCS  := $(wildcard builder/*.c)
LIBRARY_DIRS  := cpython np math cuda
LIBRARY_SRCS  := $(foreach d,$(LIBRARY_DIRS),$(wildcard $(d)/*.c))
CODEGEN_SRCS  := $(wildcard codegen/*.c)
RUNTIME_SRCS  := $(wildcard runtime/*.c)
DRIVER_SRCS   := $(wildcard driver/*.c)
CLI_SRCS      := $(wildcard cli/*.c)
objs = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
LIB_OBJS  := $(call objs,$(FRONTEND_SRCS) $(IR_SRCS) $(BUILDER_SRCS) $(LIBRARY_SRCS) $(CODEGEN_SRCS) $(RUNTIME_SRCS) $(DRIVER_SRCS)) $(BUILD)/obj/gen/lexer.o
RT_OBJS   := $(call objs,$(RUNTIME_SRCS))
CLI_OBJS  := $(call objs,$(CLI_SRCS))
# the CLI's .npy and repr code, which the unit tests of those also link
CLI_UTIL_OBJS := $(call objs,cli/npy.c cli/repr.c cli/repr_array.c)
TEST_SRCS := $(wildcard tests/unit/test_*.c)
TEST_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRCS))

.PHONY: all test unit conformance differential ptx ops-matrix aot cache samples man install check demo bench deps need-tools clean docs-test surface docs-names
.PHONY: tsan realworld-gpu realworld cli-messages heat-mpi mpi python python-package
all: $(BUILD)/libjitc.a $(BUILD)/libjitc.so $(BUILD)/jitc $(BUILD)/libjitcrt.a $(BUILD)/libjitcrt.so

need-tools:
	@command -v $(LLVM_CONFIG) >/dev/null && command -v $(RE2C) >/dev/null || \
	  { echo "jitc needs llvm-19-dev and re2c: run 'bash .ci/deps' (as root it installs them)"; exit 1; }

$(BUILD)/gen/lexer.c: frontend/lexer.re | need-tools
	@mkdir -p $(dir $@)
	$(RE2C) -W --no-generation-date -o $@ $<

$(BUILD)/obj/gen/lexer.o: $(BUILD)/gen/lexer.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ifrontend -MMD -MP -c -o $@ $<

# The CPU names this LLVM knows for the host's architecture and the NVPTX sm_XX names, from
# llc -mcpu=help: codegen/cpu_names.c checks jitc_options.cpu and gpu_arch against them.
$(BUILD)/gen/cpu_names.h: codegen/cpu_names.sh | need-tools
	@mkdir -p $(dir $@)
	sh $< "$$($(LLVM_CONFIG) --bindir)/llc" "$$($(LLVM_CONFIG) --host-target)" >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/codegen/cpu_names.o: $(BUILD)/gen/cpu_names.h

# krn text the library embeds, as C string literals: jitc's libraries written in krn, each beside
# the C that binds it (cpython/builtins.krn, cpython/lists.krn, math/cmath.krn, np/numpy.krn,
# np/nprandom.krn, cuda/random.krn; loaded by builder/library.c), and the kernel that makes
# random states (driver/random_states.krn)
KRN_LIBS := $(foreach d,$(LIBRARY_DIRS),$(wildcard $(d)/*.krn))
vpath %.krn $(LIBRARY_DIRS) driver
krn_to_c = sed -e 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $< >$@.tmp && mv $@.tmp $@
$(BUILD)/gen/%_krn.h: %.krn
	@mkdir -p $(dir $@)
	$(krn_to_c)

$(BUILD)/obj/builder/library.o: $(patsubst %.krn,$(BUILD)/gen/%_krn.h,$(notdir $(KRN_LIBS)))
$(BUILD)/obj/driver/random.o: $(BUILD)/gen/random_states_krn.h

$(BUILD)/obj/%.o: %.c | need-tools
	@mkdir -p $(dir $@)
	@$(if $(PROGRESS),echo "    compiling $<")
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# OpenMP (libgomp) splits the work of target="parallel" ufuncs over threads
$(BUILD)/obj/runtime/ufunc_loop.o $(BUILD)/obj/runtime/parallel.o: CFLAGS += -fopenmp

$(BUILD)/libjitc.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

# Objects are compiled with -fvisibility=hidden: the libraries export the functions their headers
# mark JITC_API / JITCRT_API (tests/surface/run.sh checks the lists); see libjitc.ver.
$(BUILD)/libjitc.so: $(LIB_OBJS) libjitc.ver
	$(CC) -shared $(LDFLAGS) -Wl,--version-script=libjitc.ver -o $@ $(LIB_OBJS) $(LDLIBS)

$(BUILD)/libjitcrt.a: $(RT_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libjitcrt.so: $(RT_OBJS)
	$(CC) -shared $(LDFLAGS) -o $@ $^ $(BLAS_LIBS) -lgomp -lm -ldl -lpthread

$(BUILD)/jitc: $(CLI_OBJS) $(BUILD)/libjitc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(CLI_UTIL_OBJS) $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) -lcmocka $(LDLIBS)

unit: $(TEST_BINS)
	@for t in $(TEST_BINS); do echo "== $$t"; $$t || exit 1; done

conformance: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc tests/run_tests.sh

# The golden files of every stage (parse, typed IR, raw LLVM IR) through `jitc emit`
.PHONY: golden
golden: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc tests/golden/run.sh

# Numba is the oracle of the conformance cases through their EXPECT lines: here every case runs
# under Numba and its results must equal the lines exactly, as make conformance holds jitc's to
# them byte for byte; so jitc and Numba agree, and each compiler runs each case once
# (tests/differential/run.sh --jitc compares the two directly, case by case).
differential: $(BUILD)/jitc
	@echo "== the conformance cases under Numba, against their EXPECT lines (tests/differential/run.sh)"
	@PYTHON=$(PYTHON) tests/differential/run.sh
	@echo "== jitc's array repr against NumPy's (tests/differential/repr_check.py)"
	@$(PYTHON) tests/differential/repr_check.py $(BUILD)/jitc
	@echo "== ufunc matrix against Numba (tests/ufunc/run_matrix.py)"
	@$(PYTHON) tests/ufunc/run_matrix.py --jitc $(BUILD)/jitc
	@echo "== gufunc matrix against Numba (tests/ufunc/run_gufunc.py)"
	@$(PYTHON) tests/ufunc/run_gufunc.py --jitc $(BUILD)/jitc
	@echo "== the ufunc examples of examples/ (tests/ufunc/run_examples.py)"
	@JITC=$(BUILD)/jitc $(PYTHON) tests/ufunc/run_examples.py

# The Python package (python/, pyproject.toml): `pip install .` into $(VENV), as a user installs it
# (setup.py builds libjitc with make first), then its tests under pytest (tests/python/), which
# run the same functions under Numba where they compare results. With SAN=1 the extension is
# built over build-san/'s libjitc with ASan and UBSan into $(BUILD)/python-site, and the tests
# run with the sanitizers preloaded into Python and LeakSanitizer on (tests/python/lsan.supp).
# LeakSanitizer does not scan threads' TLS there (use_tls=0): its scan of the threads Numba's
# parallel=True code leaves (the oracle's) crashes it at exit.
ifeq ($(SAN),1)
PY_SITE    := $(abspath $(BUILD))/python-site
PY_INSTALL  = JITC_SAN=1 $(VENV)/bin/python -m pip install -q --disable-pip-version-check --no-deps --upgrade --target $(PY_SITE) .
PY_TEST_ENV = PYTHONPATH=$(PY_SITE) ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(abspath tests/python/lsan.supp):print_suppressions=0:use_tls=0 \
              LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)"
else
PY_INSTALL  = $(VENV)/bin/python -m pip install -q --disable-pip-version-check .
PY_TEST_ENV =
endif
python-package: $(BUILD)/libjitc.a
	@if [ ! -f $(VENV)/.jitc-ready ]; then echo "skipped: the package installs into $(VENV), which make pyenv could not make"; exit 0; fi; \
	$(PY_INSTALL) >$(BUILD)/pip-jitc.log 2>&1 || { cat $(BUILD)/pip-jitc.log; exit 1; }

python: python-package
	@if [ ! -f $(VENV)/.jitc-ready ]; then echo "skipped: no $(VENV) with pytest, NumPy and Numba (make pyenv)"; exit 0; fi; \
	cd tests/python && $(PY_TEST_ENV) $(abspath $(VENV))/bin/python -m pytest -q -p no:cacheprovider .

# jitc build end to end (samples/aot), and the on-disk cache across processes
aot: all
	@tests/aot/run.sh $(BUILD)

cache: $(BUILD)/jitc
	@PYTHON=$(PYTHON) tests/cache/run.sh $(BUILD)/jitc

# The CLI's messages at the limits: argument counts, parameters, dimensions, recursion
cli-messages: $(BUILD)/jitc
	@tests/cli/messages.sh $(BUILD)/jitc

# The CMake package: installed into a temporary prefix, moved, found by find_package(jitc), two
# samples built with it and run (tests/cmake/run.sh)
.PHONY: cmake-package
cmake-package: all $(BUILD)/jitc.1
	@tests/cmake/run.sh $(BUILD)

# The library surface: the libraries export jitc_* and jitcrt_* names only, and all of the
# public ones; inside, each folder's globals carry its prefixes
surface: all
	@tests/surface/run.sh $(BUILD)

ptx: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc tests/gpu/ptx_check.sh

# the GPU corpus: real numba-cuda kernels, PTX emitted and assembled (tests/realworld_gpu/run.sh)
realworld-gpu: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc tests/realworld_gpu/run.sh

# the host corpus: real CPU Numba code under Numba and jitc, results compared (tests/realworld/run.sh;
# without Numba it checks only what compiles, with no Python)
realworld: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc PYTHON=$(PYTHON) tests/realworld/run.sh

# Every operator, conversion and math function at every numeric type through `jitc emit --ptx`
# (and ptxas) and `--asm`: nothing valid may abort inside LLVM (about 2000 emissions, 1-2 min)
ops-matrix: $(BUILD)/jitc
	@JITC=$(BUILD)/jitc tests/gpu/ops_matrix.sh

# tests/unit/test_threads.c built with ThreadSanitizer (SAN=thread, into build-tsan/): four
# threads with a context each compile, call, apply ufuncs and emit PTX at once. TSan reports
# fail it (exit 66); tests/unit/tsan.supp says what is suppressed and why.
tsan:
ifeq ($(SAN),thread)
	@$(MAKE) --no-print-directory $(BUILD)/tests/test_threads
	@echo "== $(BUILD)/tests/test_threads (ThreadSanitizer)"
	@TSAN_OPTIONS="suppressions=$(CURDIR)/tests/unit/tsan.supp $(TSAN_OPTIONS)" $(BUILD)/tests/test_threads
else
	@$(MAKE) --no-print-directory SAN=thread tsan
endif

# Fuzzing (tests/fuzz/README.md): libFuzzer harnesses of the module compiler (structure-aware,
# through tests/fuzz/progen.c), the .npy reader and the signature parser, built with clang over a
# library instrumented for coverage with ASan and UBSan (SAN=fuzz, into build-fuzz/); and
# differential fuzzing against Numba (tests/fuzz/difffuzz.py over progen's random programs).
# `make fuzz` runs each harness FUZZ_SECONDS and difffuzz over FUZZ_PROGRAMS programs; `make test`
# runs the short version (fuzz-short: 10 s a harness, 8 programs).
FUZZERS       := fuzz_compile fuzz_npy fuzz_sig
FUZZ_SECONDS  ?= 300
FUZZ_PROGRAMS ?= 2000
.PHONY: fuzz fuzz-short fuzz-run difffuzz fuzz-package

$(BUILD)/fuzz/fuzz_compile: tests/fuzz/progen.c tests/fuzz/progen.h
$(BUILD)/fuzz/fuzz_npy: $(call objs,cli/npy.c)
$(BUILD)/fuzz/%: tests/fuzz/%.c $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $(filter %.c %.o %.a,$^) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/progen: tests/fuzz/progen_main.c tests/fuzz/progen.c tests/fuzz/progen.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^)

# progen as a shared library, for the package's harness (tests/fuzz/fuzz_package.py, through ctypes)
$(BUILD)/tests/libprogen.so: tests/fuzz/progen.c tests/fuzz/progen.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -shared -fvisibility=default -o $@ tests/fuzz/progen.c

# the package's harness for SECONDS (Atheris, from PyPI into $(VENV) the first time), over the
# package installed there; a finding exits 1 (tests/fuzz/README.md)
fuzz-package: python-package $(BUILD)/tests/libprogen.so
	@if ! $(VENV)/bin/python -c 'import atheris' 2>/dev/null && \
	    ! $(VENV)/bin/python -m pip install -q --disable-pip-version-check atheris >/dev/null 2>&1; then \
	  echo "fuzz-package skipped: Atheris could not be installed into $(VENV)"; exit 0; fi; \
	LIBPROGEN=$(abspath $(BUILD))/tests/libprogen.so tests/fuzz/run_package.sh $(VENV)/bin/python $(SECONDS)

# the harnesses for SECONDS each (in the SAN=fuzz build)
fuzz-run:
ifeq ($(SAN),fuzz)
	@$(MAKE) --no-print-directory $(FUZZERS:%=$(BUILD)/fuzz/%)
	@tests/fuzz/run.sh $(BUILD) $(SECONDS) $(FUZZERS)
else
	@$(MAKE) --no-print-directory SAN=fuzz fuzz-run
endif

difffuzz: $(BUILD)/jitc $(BUILD)/tests/progen
	@if $(PYTHON) -c 'import numba' 2>/dev/null; then \
	  $(PYTHON) tests/fuzz/difffuzz.py --jitc $(BUILD)/jitc --progen $(BUILD)/tests/progen --seeds 0:$(PROGRAMS); \
	else echo "difffuzz skipped: $(PYTHON) has no Numba (make pyenv installs it)"; fi

fuzz:
	@$(MAKE) --no-print-directory fuzz-run SECONDS=$(FUZZ_SECONDS)
	@$(MAKE) --no-print-directory difffuzz PROGRAMS=$(FUZZ_PROGRAMS)

fuzz-short:
	@$(MAKE) --no-print-directory fuzz-run SECONDS=10
	@$(MAKE) --no-print-directory difffuzz PROGRAMS=8

# The C examples of docs/c-api.md, compiled and run as its "About the examples" says, print
# what the doc shows after them
docs-test: all
	@SANFLAGS="$(SANFLAGS)" CC="$(CC)" $(PYTHON) tests/docs/c_api_examples.py $(BUILD)

# Every C name and file written in backticks in docs/*.md exists in the source (no build needed)
docs-names:
	@tests/docs/names.sh

# make test: every part of the tests, in parallel under make's jobserver (TEST_JOBS jobs, the
# machine's cores by default): the plain build's parts; unit, golden, conformance, samples and the
# docs' examples again under ASan+UBSan with LeakSanitizer (san-*, over build-san/); the threaded
# test under TSan (build-tsan/); a short fuzzing run (build-fuzz/). The plain and the sanitized
# library and CLI, which the parts share, are built first, once each; then the parts start,
# longest first, so that the last to end is a short one (each builds what only it uses: its test
# programs, samples, the TSan and fuzzing builds). A part's output goes to $(BUILD)/check/PART.log,
# printed whole if it fails; each part prints one line as it ends, and a table of every part's
# seconds closes the run (tests/check_part.sh, tests/check_table.sh).
# With SAN=1 or SAN=thread, `make test` runs the plain parts one after another over that build.
TEST_PARTS  := differential fuzz-short san-conformance realworld conformance python san-python ops-matrix san-unit unit \
               samples san-samples tsan realworld-gpu aot mpi ptx san-golden golden cli-messages cache \
               cmake-package san-docs-test docs-test surface docs-names
PLAIN_PARTS := $(filter-out san-% tsan fuzz-short,$(TEST_PARTS))
TEST_JOBS   ?= $(shell nproc)
CHECK_DIR   := $(BUILD)/check
.PHONY: test-parts # (not the part-% targets: make applies no pattern rule to a phony target)

ifeq ($(SAN),0)
test:
	@rm -rf $(CHECK_DIR) && mkdir -p $(CHECK_DIR) && date +%s >$(CHECK_DIR)/start
	@echo "== make test: building $(BUILD)/ and build-san/"
	@$(MAKE) --no-print-directory -s -j$(TEST_JOBS) all && $(MAKE) --no-print-directory -s -j$(TEST_JOBS) SAN=1 all
	@echo "== make test: $(words $(TEST_PARTS)) parts, $(TEST_JOBS) at a time; each part's output in $(CHECK_DIR)/"
	@$(MAKE) --no-print-directory -k -j$(TEST_JOBS) test-parts; rc=$$?; \
	  tests/check_table.sh $(CHECK_DIR) $(TEST_PARTS) && exit $$rc
else
test: $(PLAIN_PARTS)
endif

test-parts: $(TEST_PARTS:%=part-%)

# part-NAME runs `make NAME`, part-san-NAME `make SAN=1 NAME`
part-san-%:
	@tests/check_part.sh $(CHECK_DIR) san-$* $(MAKE) --no-print-directory SAN=1 $*
part-%:
	@tests/check_part.sh $(CHECK_DIR) $* $(MAKE) --no-print-directory $*

deps:
	@bash .ci/deps

check: deps pyenv
	@$(MAKE) --no-print-directory test

# The Python the test scripts run under, with the oracle (NumPy and Numba, and SciPy, which Numba's
# np.dot and np.linalg need): `make pyenv` (part of `make check` and `make bench`) makes $(VENV) once
# with them from PyPI, and PYTHON is its python once Numba imports there, python3 until then. Without PyPI each run of pyenv tries pip again and
# says so in one line; the parts that need NumPy or Numba then skip, one line each, where python3
# lacks them.
.PHONY: pyenv
VENV   ?= build/venv
PYTHON ?= $(shell test -f $(VENV)/.jitc-ready && echo $(abspath $(VENV))/bin/python || echo python3)
pyenv: deps
	@if [ -f $(VENV)/.jitc-ready ] && $(VENV)/bin/python -c 'import numba, scipy, pytest, distributed' >/dev/null 2>&1; then exit 0; fi; \
	rm -f $(VENV)/.jitc-ready; \
	printf 'installing NumPy, Numba and SciPy from PyPI into $(VENV) (once)... '; \
	if [ ! -x $(VENV)/bin/python ] && ! python3 -m venv $(VENV) >/dev/null 2>&1; then rm -rf $(VENV); \
	  echo "failed: python3 -m venv (python3-venv missing?); tests needing them use python3 or skip"; exit 0; fi; \
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check --retries 2 --timeout 10 numpy numba scipy \
	     pytest dask distributed \
	     >$(VENV)/pip.log 2>&1; \
	if $(VENV)/bin/python -c 'import numba' >>$(VENV)/pip.log 2>&1; then \
	  touch $(VENV)/.jitc-ready; \
	  if $(VENV)/bin/python -c 'import scipy' >>$(VENV)/pip.log 2>&1; then echo done; \
	  else echo "done, but without SciPy ($(VENV)/pip.log says why): Numba's np.linalg cases fail"; fi; \
	else echo "failed (no PyPI? $(VENV)/pip.log says why); tests needing them use python3 or skip"; fi

# The samples embed jitc through include/jitc.h; samples/showcase.sh runs them and prints one
# table (sample, target, check, times, speed-up against plain C). mandelbrot writes a PNG (libpng).
SAMPLES     := saxpy mandelbrot matmul blackscholes reduce nbody
SAMPLE_BINS := $(foreach s,$(SAMPLES),$(BUILD)/samples/$(s)/$(s))

$(BUILD)/samples/%: samples/%.c $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) $(filter %.a,$^) $(LDFLAGS) $(LDLIBS) -lpng

# The six showcase samples (not the quickstart) also link samples/showcase.c: their RESULT
# lines, clock and GPU probe.
$(SAMPLE_BINS): samples/showcase.c samples/showcase.h bench/launch_timing.h

samples: $(SAMPLE_BINS) $(BUILD)/samples/quickstart/quickstart $(BUILD)/samples/multigpu/multigpu
	@samples/showcase.sh $(BUILD) $(SAMPLES)
	@echo "== samples/multigpu: one picture over every GPU, against the one-GPU run"
	@$(BUILD)/samples/multigpu/multigpu samples/multigpu/multigpu.krn
	@echo "== samples/quickstart"
	@$(BUILD)/samples/quickstart/quickstart samples/quickstart/kernels.krn >$(BUILD)/samples/quickstart.log 2>&1 || \
	  { cat $(BUILD)/samples/quickstart.log; exit 1; }
	@tail -1 $(BUILD)/samples/quickstart.log
	@echo "== samples/cli_tour.sh (its CPU part against samples/cli_tour.expected)"
	@if $(PYTHON) -c 'import numpy' 2>/dev/null; then \
	  PYTHON=$(PYTHON) samples/cli_tour.sh $(BUILD)/jitc | sed '/^\$$ jitc devices/,$$d; /^(no CUDA device/d' | \
	    diff -u samples/cli_tour.expected - && echo "the transcript is as samples/cli_tour.expected has it"; \
	else echo "skipped: $(PYTHON) has no NumPy (make pyenv installs it)"; fi

# samples/heat_mpi: the heat equation over MPI ranks, its kernels compiled by jitc, built with the
# MPI compiler wrapper (Open MPI's mpicc: libopenmpi-dev) around $(CC). `make mpi` runs it under
# mpirun (openmpi-bin) with 1, 2 and 4 ranks and checks that the fields are equal bit for bit
# (tests/mpi/run.sh). Without mpicc or mpirun each says so in one line and skips.
MPICC    ?= mpicc
HEAT_MPI := $(BUILD)/samples/heat_mpi/heat_mpi

$(HEAT_MPI): samples/heat_mpi/heat_mpi.c $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	OMPI_CC=$(CC) $(MPICC) $(CFLAGS) -o $@ $< $(BUILD)/libjitc.a $(LDFLAGS) $(LDLIBS)

heat-mpi:
	@if command -v $(MPICC) >/dev/null; then $(MAKE) --no-print-directory $(HEAT_MPI); \
	else echo "heat_mpi skipped: no $(MPICC) (the Debian package libopenmpi-dev has it)"; fi

mpi:
	@if command -v $(MPICC) >/dev/null && command -v mpirun >/dev/null; then \
	  $(MAKE) --no-print-directory $(HEAT_MPI) && tests/mpi/run.sh $(BUILD); \
	else echo "mpi skipped: no $(MPICC) or mpirun (the Debian packages libopenmpi-dev, openmpi-bin)"; fi

# The main job: install what is missing, build jitc and the samples, run the showcase.
demo: deps
	@echo "[1/3] building jitc: the library, the CLI (a minute or less)"
	@$(MAKE) --no-print-directory -s -j$$(nproc) PROGRESS=1 all
	@echo "[2/3] building the samples: $(SAMPLES)"
	@$(MAKE) --no-print-directory -s -j$$(nproc) $(SAMPLE_BINS)
	@echo "[3/3] running the showcase (each sample compiles its kernels, runs them and checks the results)"
	@samples/showcase.sh $(BUILD) $(SAMPLES)

# The man page, from the same text as docs/cli.md
man: $(BUILD)/jitc.1
$(BUILD)/jitc.1: docs/cli.md docs/md2man.sh
	@mkdir -p $(dir $@)
	sh docs/md2man.sh $< >$@

$(BUILD)/bench/%: bench/%.c $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# The plain C baseline of the loop benchmarks: the same loops at -O3 for this CPU.
$(BUILD)/bench/c_loops: bench/c_loops.c bench/c_loops.h bench/clock.h bench/loop_inputs.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -O3 -march=native -fopenmp -I. -o $@ $< -lm
# The same loops through clang, with its own OpenMP runtime (libomp), the second C baseline.
$(BUILD)/bench/c_loops_clang: bench/c_loops.c bench/c_loops.h bench/clock.h bench/loop_inputs.h
	@mkdir -p $(dir $@)
	clang -std=c11 -D_GNU_SOURCE -O3 -march=native -fopenmp -Wno-pass-failed -I. -o $@ $< -lm

# jitc's loops and C's in turn in one process (bench/loops_ab.c), the C side as c_loops builds it: by gcc,
# and by clang with -fopenmp-simd: OpenMP's simd loops without its runtime, which is not the one jitc uses (the serial loops).
$(BUILD)/bench/loops_ab: bench/loops_ab.c bench/c_loops.h bench/clock.h bench/loop_inputs.h $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O3 -march=native -fopenmp -o $@ $< $(BUILD)/libjitc.a $(LDFLAGS) $(LDLIBS)
$(BUILD)/bench/loops_ab_clang: bench/loops_ab.c bench/c_loops.h bench/clock.h bench/loop_inputs.h $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	clang $(CFLAGS) -O3 -march=native -fopenmp-simd -Wno-unknown-pragmas -Wno-unused-parameter -Wno-pass-failed -o $@ $< $(BUILD)/libjitc.a $(LDFLAGS) $(LDLIBS)

bench: deps pyenv
	@$(MAKE) --no-print-directory $(BUILD)/bench/first_call $(BUILD)/bench/ufunc $(BUILD)/bench/prange $(BUILD)/bench/c_loops $(BUILD)/bench/c_loops_clang \
	  $(BUILD)/bench/loops_ab $(BUILD)/bench/loops_ab_clang $(BUILD)/bench/cache_first_call $(BUILD)/bench/stencil $(BUILD)/bench/cache_hash
	@BUILD=$(BUILD) PYTHON=$(PYTHON) bench/run.sh
	@BUILD=$(BUILD) bench/boundscheck.sh
	@BUILD=$(BUILD) bench/cache.sh
	@$(BUILD)/bench/cache_hash
	@$(MAKE) --no-print-directory python-package && echo "== the Python package against Numba (bench/python_package.py)" && \
	  $(PYTHON) bench/python_package.py

# make install PREFIX=/usr/local: the CLI and its man page, both libraries, the headers, pkg-config files
# (jitc.pc: the compiler, for embedding; jitcrt.pc: the runtime `jitc build` objects need), and the
# CMake package (lib/cmake/jitc: find_package(jitc), jitcConfig.cmake.in says what it defines).
PREFIX ?= /usr/local
JITC_VERSION = $(shell sed -n 's/.*JITC_VERSION "\(.*\)".*/\1/p' include/jitc.h)
install: all $(BUILD)/jitc.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/lib/cmake/jitc
	install -m 644 $(BUILD)/jitc.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 755 $(BUILD)/jitc $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/libjitc.a $(BUILD)/libjitcrt.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libjitc.so $(BUILD)/libjitcrt.so $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/jitc.h include/jitcrt.h $(DESTDIR)$(PREFIX)/include/
	sed 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(JITC_VERSION)|' \
	  jitc.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/jitc.pc
	sed 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(JITC_VERSION)|' \
	  jitcrt.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/jitcrt.pc
	for f in jitcConfig jitcConfigVersion; do \
	  sed 's|@VERSION@|$(JITC_VERSION)|' $$f.cmake.in >$(DESTDIR)$(PREFIX)/lib/cmake/jitc/$$f.cmake; done

clean:
	rm -rf build build-san build-tsan

# What setup.py (the Python package's build) asks: the build folder and the libraries libjitc.a needs
.PHONY: print-build print-ldlibs
print-build:
	@echo $(BUILD)
print-ldlibs:
	@echo $(LDLIBS)

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
