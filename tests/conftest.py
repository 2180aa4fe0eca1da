import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


# -- headless Chromium (browser tests of the report and of `verify play`) ------------------------

import shutil  # noqa: E402
import tempfile  # noqa: E402

import pytest  # noqa: E402

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                  "--window-size=1280,1000"]


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium driven by selenium; skipped when Chromium or chromedriver is missing
    (Debian: apt-get install chromium chromium-driver; `.ci/run` installs them)."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")
    binary, driver_path = _chromium(), shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.skip("Chromium and chromedriver not found (Debian: apt-get install chromium chromium-driver)")
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    profile = tempfile.mkdtemp(prefix="verify-chromium-")
    for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]:
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
