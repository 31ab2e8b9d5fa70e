# jitc — build everything into $(BUILD): the library (static and shared), the CLI, the tests.
#   make            library + CLI            make test        unit, golden and conformance tests
#   make SAN=1 test the same under ASan+UBSan (into build-san/)
LLVM_CONFIG ?= llvm-config-19
RE2C        ?= re2c
CC          ?= cc

ifeq ($(shell command -v $(LLVM_CONFIG) 2>/dev/null),)
$(error $(LLVM_CONFIG) not found: install llvm-19-dev (sudo apt-get install llvm-19-dev), or run .ci/deps)
endif

SAN ?= 0
ifeq ($(SAN),1)
BUILD    ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT      := -O1
else
BUILD    ?= build
SANFLAGS :=
OPT      := -O2
endif

LLVM_CFLAGS  := -isystem $(shell $(LLVM_CONFIG) --includedir)
LLVM_LIBS    := $(shell $(LLVM_CONFIG) --ldflags) -lLLVM-19
CFLAGS   += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -fPIC $(SANFLAGS) \
            -I. -Iinclude -I$(BUILD)/gen $(LLVM_CFLAGS)
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(LLVM_LIBS) -lm -ldl -lpthread

LIB_SRCS := $(wildcard frontend/*.c ir/*.c codegen/*.c runtime/*.c)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS)) $(BUILD)/obj/gen/lexer.o
CLI_OBJS := $(BUILD)/obj/cli/main.o
TEST_SRCS := $(wildcard tests/unit/test_*.c)
TEST_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRCS))

.PHONY: all test unit clean
all: $(BUILD)/libjitc.a $(BUILD)/libjitc.so $(BUILD)/jitc

$(BUILD)/gen/lexer.c: frontend/lexer.re
	@mkdir -p $(dir $@)
	$(RE2C) -W --no-generation-date -o $@ $<

$(BUILD)/obj/gen/lexer.o: $(BUILD)/gen/lexer.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ifrontend -MMD -MP -c -o $@ $<

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/libjitc.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libjitc.so: $(LIB_OBJS)
	$(CC) -shared $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/jitc: $(CLI_OBJS) $(BUILD)/libjitc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libjitc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) -lcmocka $(LDLIBS)

unit: $(TEST_BINS)
	@for t in $(TEST_BINS); do echo "== $$t"; $$t || exit 1; done

test: all unit
	@JITC=$(BUILD)/jitc tests/run_tests.sh

clean:
	rm -rf build build-san

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
