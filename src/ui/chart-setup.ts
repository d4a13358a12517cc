import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// The parts of Chart.js the console's charts draw with (bars and lines over a category axis, tooltips, legend),
// registered once here; a chart takes `Chart` from this module, so it cannot be drawn before they are registered.
Chart.register(
  BarController,
  LineController,
  BarElement,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

export { Chart };
