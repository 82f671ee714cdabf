document.documentElement.dataset.app = "ready";
