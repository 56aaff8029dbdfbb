// Chart.js with only the parts Loa draws, registered once. Chart.js v4 needs neither eval nor injected
// stylesheets (it sizes the canvas through the CSSOM), so it runs under the app's strict CSP.
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
} from 'chart.js'

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
)

export { Chart }
