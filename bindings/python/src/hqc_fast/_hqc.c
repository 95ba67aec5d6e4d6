/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* _hqc.c: the CPython extension (limited API, abi3) under hqc_fast: keygen, encapsulation and
 * decapsulation of the HQC KEM (specification "HQC-KEM" section, run by libhqc) for every level
 * and every dialect of the HQC_DIALECTS table, with the GIL released around each call. Inputs
 * are bytes (hqc_fast/_kem.py converts other buffers); a wrong length raises ValueError naming
 * the expected size. The Python modules per dialect and level are made from dialects(). */
#define PY_SSIZE_T_CLEAN
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x03080000
#endif
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "dialect.h" /* the level-independent part: the HQC_DIALECTS table */

/* libhqc's per-level, per-dialect functions (hqc<L>_<id>_crypto_kem_*, its public api.h). */
#define HQC_DECLARE(L, id)                                                                          \
    int hqc##L##_##id##_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);                               \
    int hqc##L##_##id##_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);                \
    int hqc##L##_##id##_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);          \
    int hqc##L##_##id##_crypto_kem_keypair_derand(uint8_t *pk, uint8_t *sk, const uint8_t *seed);   \
    int hqc##L##_##id##_crypto_kem_enc_derand(uint8_t *ct, uint8_t *ss, const uint8_t *pk,          \
                                              const uint8_t *m, const uint8_t *salt);
#define HQC_DECLARE_LEVELS(id, ...) HQC_DECLARE(1, id) HQC_DECLARE(3, id) HQC_DECLARE(5, id)
HQC_DIALECTS(HQC_DECLARE_LEVELS)

typedef struct {
    int level;
    Py_ssize_t pk, sk, ct, msg;
    int (*keypair)(uint8_t *, uint8_t *);
    int (*enc)(uint8_t *, uint8_t *, const uint8_t *);
    int (*dec)(uint8_t *, const uint8_t *, const uint8_t *);
    int (*keypair_derand)(uint8_t *, uint8_t *, const uint8_t *);
    int (*enc_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *, const uint8_t *);
} kem_entry;

#define SS_BYTES 32
#define SEED_BYTES 32
#define SALT_BYTES 16
#define MAX_SK 7333
#define MAX_PK 7237
#define MAX_CT 14421

/* Sizes per level: pk, sk, ct, message m (the library's api.h sizes). The expanded secret key
 * of a dialect whose table column sk_seed is 0 (bc-1.87) holds no seed_KEM: 32 bytes fewer. */
#define HQC_ENTRY(L, id, pk, sk, ct, msg)                                                           \
    {L, pk, sk, ct, msg, hqc##L##_##id##_crypto_kem_keypair, hqc##L##_##id##_crypto_kem_enc,         \
     hqc##L##_##id##_crypto_kem_dec, hqc##L##_##id##_crypto_kem_keypair_derand,                      \
     hqc##L##_##id##_crypto_kem_enc_derand},
#define HQC_ENTRY_LEVELS(id, name, big_endian, align, chunked, kem_domain, xof_domain, sk_seed, ...) \
    HQC_ENTRY(1, id, 2241, 2321 - 32 * !(sk_seed), 4433, 16)                                        \
    HQC_ENTRY(3, id, 4514, 4602 - 32 * !(sk_seed), 8978, 24)                                        \
    HQC_ENTRY(5, id, 7237, 7333 - 32 * !(sk_seed), 14421, 32)
static const kem_entry entries[] = {HQC_DIALECTS(HQC_ENTRY_LEVELS)};

#define HQC_NAME(id, name, ...) name,
static const char *const dialect_names[] = {HQC_DIALECTS(HQC_NAME)};
#define HQC_ID(id, ...) #id,
static const char *const dialect_ids[] = {HQC_DIALECTS(HQC_ID)};
#define N_DIALECTS ((int)(sizeof dialect_names / sizeof dialect_names[0]))

/* The entry of (dialect index, level), or NULL with ValueError set. */
static const kem_entry *entry(int dialect, int level)
{
    if (dialect < 0 || dialect >= N_DIALECTS) {
        PyErr_Format(PyExc_ValueError, "no dialect %d (there are %d)", dialect, N_DIALECTS);
        return NULL;
    }
    for (int i = 0; i < 3; i++)
        if (entries[3 * dialect + i].level == level)
            return &entries[3 * dialect + i];
    PyErr_Format(PyExc_ValueError, "no HQC level %d (1, 3 or 5)", level);
    return NULL;
}

/* 0 if the bytes object b is n bytes long, else -1 with ValueError naming what and n. */
static int check_len(const char *what, const char *level_name, Py_ssize_t got, Py_ssize_t n)
{
    if (got == n)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s %s must be %zd bytes, got %zd", level_name, what, n, got);
    return -1;
}

static const char *level_name(int level)
{
    return level == 1 ? "HQC-1" : level == 3 ? "HQC-3" : "HQC-5";
}

static PyObject *failed(void)
{
    PyErr_SetString(PyExc_RuntimeError, "libhqc failed (no randomness from the operating system)");
    return NULL;
}

/* Two new bytes objects from buffers a (na bytes) and b (nb), as a tuple. */
static PyObject *pair(const uint8_t *a, Py_ssize_t na, const uint8_t *b, Py_ssize_t nb)
{
    return Py_BuildValue("(y#y#)", (const char *)a, na, (const char *)b, nb);
}

static PyObject *py_keypair(PyObject *self, PyObject *args)
{
    int d, l, rc;
    uint8_t pk[MAX_PK], sk[MAX_SK];
    (void)self;
    if (!PyArg_ParseTuple(args, "ii", &d, &l))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = e->keypair(pk, sk);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == 0 ? pair(pk, e->pk, sk, e->sk) : failed();
    memset(sk, 0, sizeof sk); /* the Python bytes object is the caller's copy */
    return r;
}

static PyObject *py_keypair_derand(PyObject *self, PyObject *args)
{
    int d, l, rc;
    const char *seed;
    Py_ssize_t nseed;
    uint8_t pk[MAX_PK], sk[MAX_SK];
    (void)self;
    if (!PyArg_ParseTuple(args, "iiy#", &d, &l, &seed, &nseed))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL || check_len("seed", level_name(l), nseed, SEED_BYTES) != 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = e->keypair_derand(pk, sk, (const uint8_t *)seed);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == 0 ? pair(pk, e->pk, sk, e->sk) : failed();
    memset(sk, 0, sizeof sk);
    return r;
}

static PyObject *py_enc(PyObject *self, PyObject *args)
{
    int d, l, rc;
    const char *pk;
    Py_ssize_t npk;
    uint8_t ct[MAX_CT], ss[SS_BYTES];
    (void)self;
    if (!PyArg_ParseTuple(args, "iiy#", &d, &l, &pk, &npk))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL || check_len("public key", level_name(l), npk, e->pk) != 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = e->enc(ct, ss, (const uint8_t *)pk);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == 0 ? pair(ct, e->ct, ss, SS_BYTES) : failed();
    memset(ss, 0, sizeof ss);
    return r;
}

static PyObject *py_enc_derand(PyObject *self, PyObject *args)
{
    int d, l, rc;
    const char *pk, *m, *salt;
    Py_ssize_t npk, nm, nsalt;
    uint8_t ct[MAX_CT], ss[SS_BYTES];
    (void)self;
    if (!PyArg_ParseTuple(args, "iiy#y#y#", &d, &l, &pk, &npk, &m, &nm, &salt, &nsalt))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL || check_len("public key", level_name(l), npk, e->pk) != 0 ||
        check_len("message m", level_name(l), nm, e->msg) != 0 ||
        check_len("salt", level_name(l), nsalt, SALT_BYTES) != 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = e->enc_derand(ct, ss, (const uint8_t *)pk, (const uint8_t *)m, (const uint8_t *)salt);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == 0 ? pair(ct, e->ct, ss, SS_BYTES) : failed();
    memset(ss, 0, sizeof ss);
    return r;
}

static PyObject *py_dec(PyObject *self, PyObject *args)
{
    int d, l, rc;
    const char *sk, *ct;
    Py_ssize_t nsk, nct;
    uint8_t ss[SS_BYTES];
    (void)self;
    if (!PyArg_ParseTuple(args, "iiy#y#", &d, &l, &sk, &nsk, &ct, &nct))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL || check_len("secret key", level_name(l), nsk, e->sk) != 0 ||
        check_len("ciphertext", level_name(l), nct, e->ct) != 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = e->dec(ss, (const uint8_t *)ct, (const uint8_t *)sk);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == 0 ? PyBytes_FromStringAndSize((const char *)ss, SS_BYTES) : failed();
    memset(ss, 0, sizeof ss);
    return r;
}

/* [(id, name), ...], the default dialect first. */
static PyObject *py_dialects(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int i = 0; list != NULL && i < N_DIALECTS; i++) {
        PyObject *t = Py_BuildValue("(ss)", dialect_ids[i], dialect_names[i]);
        if (t == NULL || PyList_Append(list, t) != 0) {
            Py_XDECREF(t);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(t);
    }
    return list;
}

/* (pk, sk, ct, ss, message, salt, seed) sizes of a level. */
static PyObject *py_sizes(PyObject *self, PyObject *args)
{
    int d, l;
    (void)self;
    if (!PyArg_ParseTuple(args, "ii", &d, &l))
        return NULL;
    const kem_entry *e = entry(d, l);
    if (e == NULL)
        return NULL;
    return Py_BuildValue("(nnnnnnn)", e->pk, e->sk, e->ct, (Py_ssize_t)SS_BYTES, e->msg,
                         (Py_ssize_t)SALT_BYTES, (Py_ssize_t)SEED_BYTES);
}

extern const char *hqc_version(void);
struct hqc_backend;
extern const struct hqc_backend *hqc1_backend_default(void);
extern const char *hqc1_backend_name(const struct hqc_backend *be);

/* The backend libhqc's dispatcher picked on this CPU (the fastest constant-time one). */
static PyObject *py_backend(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(hqc1_backend_name(hqc1_backend_default()));
}

static PyObject *py_version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(hqc_version());
}

static PyMethodDef methods[] = {
    {"keypair", py_keypair, METH_VARARGS, "keypair(dialect, level) -> (pk, sk)"},
    {"keypair_derand", py_keypair_derand, METH_VARARGS, "keypair_derand(dialect, level, seed) -> (pk, sk)"},
    {"enc", py_enc, METH_VARARGS, "enc(dialect, level, pk) -> (ct, ss)"},
    {"enc_derand", py_enc_derand, METH_VARARGS, "enc_derand(dialect, level, pk, m, salt) -> (ct, ss)"},
    {"dec", py_dec, METH_VARARGS, "dec(dialect, level, sk, ct) -> ss"},
    {"dialects", py_dialects, METH_NOARGS, "[(id, name)], the default first"},
    {"sizes", py_sizes, METH_VARARGS, "sizes(dialect, level) -> (pk, sk, ct, ss, m, salt, seed)"},
    {"version", py_version, METH_NOARGS, "the C library's version"},
    {"backend", py_backend, METH_NOARGS, "the backend the dispatcher picked on this CPU"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hqc_fast._hqc", "libhqc's HQC KEM (see hqc_fast)", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__hqc(void)
{
    return PyModule_Create(&module);
}
